// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang source.elseIfChain
// templates: source.elseIfChain
// seed: 201522 (the program before minimising: node scripts/fuzz-programs.js --seed 201522 --count 1 --print)
// found: 2026-11-30T13:32:28.001Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'if (0) {} else '.repeat(3e4) + 'return 1'"} ----
