// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang source.commaChain
// templates: source.commaChain
// seed: 400729 (the program before minimising: node scripts/fuzz-programs.js --seed 400729 --count 1 --print)
// found: 2026-11-30T13:46:58.133Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (' + '1, '.repeat(3e5) + '1)'"} ----
