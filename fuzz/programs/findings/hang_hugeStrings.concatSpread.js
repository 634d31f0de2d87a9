// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.concatSpread
// templates: hugeStrings.concatSpread
// seed: 201149 (the program before minimising: node scripts/fuzz-programs.js --seed 201149 --count 1 --print)
// found: 2026-11-30T13:30:59.376Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return ''.concat(...Array(6e4).fill('x'.repeat(1000))).length
