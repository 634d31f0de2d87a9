// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang source.params
// templates: source.params
// seed: 402576 (the program before minimising: node scripts/fuzz-programs.js --seed 402576 --count 1 --print)
// found: 2026-11-30T14:14:56.276Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (function (' + Array.from({ length: 1e4 }, (_, i) => 'p' + i).join(', ') + ') { return 1 })()'"} ----
