// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang source.manyVars
// templates: source.manyVars
// seed: 300100 (the program before minimising: node scripts/fuzz-programs.js --seed 300100 --count 1 --print)
// found: 2026-11-30T13:35:07.916Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"Array.from({ length: 3e4 }, (_, i) => 'let v' + i + ' = ' + i + ';').join('\\n') + ' return 1'"} ----
