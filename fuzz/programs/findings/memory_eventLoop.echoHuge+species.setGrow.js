// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory eventLoop.echoHuge+species.setGrow
// templates: eventLoop.echoHuge+species.setGrow
// seed: 807772683 (the program before minimising: node scripts/fuzz-programs.js --seed 807772683 --count 1 --print)
// found: 2026-11-30T16:53:08.516Z
// what happened: RSS grew by 143 MiB (to 202 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return (await echo('x'.repeat(1 << 26))).length
})() } catch {}
const s = new Set(); for (let i = 0; ; i++) s.add('k' + i); return s.size
