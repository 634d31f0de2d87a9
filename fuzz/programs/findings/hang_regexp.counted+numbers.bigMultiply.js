// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang regexp.counted+numbers.bigMultiply
// templates: regexp.counted+numbers.bigMultiply
// seed: 300318 (the program before minimising: node scripts/fuzz-programs.js --seed 300318 --count 1 --print)
// found: 2026-11-30T13:36:24.177Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return new RegExp('a{4294967295}').test('a')
})() } catch {}
let x = 3n ** 200000n; for (let i = 0; i < 20; i++) x *= x; return x > 0n
