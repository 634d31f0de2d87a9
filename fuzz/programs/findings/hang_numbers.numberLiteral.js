// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang numbers.numberLiteral
// templates: numbers.numberLiteral
// seed: 45711399 (the program before minimising: node scripts/fuzz-programs.js --seed 45711399 --count 1 --print)
// found: 2026-11-30T18:49:54.817Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Number('0x' + 'f'.repeat(1 << 24))
