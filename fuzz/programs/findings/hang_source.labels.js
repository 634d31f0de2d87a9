// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang source.labels
// templates: source.labels
// seed: 200650 (the program before minimising: node scripts/fuzz-programs.js --seed 200650 --count 1 --print)
// found: 2026-11-30T13:29:11.174Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"Array.from({ length: 1e5 }, (_, i) => 'l' + i + ': ').join('') + 'for (;;) break; return 1'"} ----
