// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.joinFill
// templates: hugeStrings.joinFill
// seed: 200207 (the program before minimising: node scripts/fuzz-programs.js --seed 200207 --count 1 --print)
// found: 2026-11-30T13:27:11.445Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Array(1000).fill('ab'.repeat(1 << 20)).join('').length
