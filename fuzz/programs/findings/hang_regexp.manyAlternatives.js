// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang regexp.manyAlternatives
// templates: regexp.manyAlternatives
// seed: 100 (the program before minimising: node scripts/fuzz-programs.js --seed 100 --count 1 --print)
// found: 2026-11-30T13:24:37.586Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return new RegExp('a|'.repeat(3e5) + 'b').test('c'.repeat(1000))
