// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang numbers.bigPow
// templates: numbers.bigPow
// seed: 777619 (the program before minimising: node scripts/fuzz-programs.js --seed 777619 --count 1 --print)
// found: 2026-11-30T15:46:41.348Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return (2n ** 2n ** 24n).toString().length
