// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang numbers.bigMultiply
// templates: numbers.bigMultiply
// seed: 400846 (the program before minimising: node scripts/fuzz-programs.js --seed 400846 --count 1 --print)
// found: 2026-11-30T13:49:18.700Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let x = 3n ** 200000n; for (let i = 0; i < 20; i++) x *= x; return x > 0n
