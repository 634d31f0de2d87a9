// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang regexp.lookbehind
// templates: regexp.lookbehind
// seed: 201362 (the program before minimising: node scripts/fuzz-programs.js --seed 201362 --count 1 --print)
// found: 2026-11-30T13:31:58.509Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return /(?<=a+)b/.test('a'.repeat(1e6) + 'c')
