// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.replaceAll
// templates: hugeStrings.replaceAll
// seed: 100100 (the program before minimising: node scripts/fuzz-programs.js --seed 100100 --count 1 --print)
// found: 2026-11-30T13:25:43.219Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'x'.repeat(1 << 20).replaceAll('', 'y'.repeat(1000)).length
