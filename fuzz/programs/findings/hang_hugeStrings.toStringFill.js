// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.toStringFill
// templates: hugeStrings.toStringFill
// seed: 402314 (the program before minimising: node scripts/fuzz-programs.js --seed 402314 --count 1 --print)
// found: 2026-11-30T14:11:20.056Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Array(1000).fill('x'.repeat(1 << 20)).toString().length
