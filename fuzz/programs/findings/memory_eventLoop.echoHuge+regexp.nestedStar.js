// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory eventLoop.echoHuge+regexp.nestedStar
// templates: eventLoop.echoHuge+regexp.nestedStar
// seed: 2101068681 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068681 --count 1 --print)
// found: 2026-11-30T18:22:17.889Z
// what happened: RSS grew by 137 MiB (to 192 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return (await echo('x'.repeat(1 << 26))).length
})() } catch {}
return /(?:a*)*b/.test('a'.repeat(1e4))
