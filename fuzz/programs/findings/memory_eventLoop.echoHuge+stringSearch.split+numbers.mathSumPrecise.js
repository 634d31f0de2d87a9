// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory eventLoop.echoHuge+stringSearch.split+numbers.mathSumPrecise
// templates: eventLoop.echoHuge+stringSearch.split+numbers.mathSumPrecise
// seed: 1469254875 (the program before minimising: node scripts/fuzz-programs.js --seed 1469254875 --count 1 --print)
// found: 2026-11-30T19:44:18.296Z
// what happened: RSS grew by 137 MiB (to 194 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return (await echo('x'.repeat(1 << 26))).length
})() } catch {}
try { await (async () => {
return 'a'.repeat(2e6).split('a'.repeat(2e5) + 'b').length
})() } catch {}
return typeof Math.sumPrecise === "function" ? Math.sumPrecise(Array(1 << 22).fill(1e308)) : 0
