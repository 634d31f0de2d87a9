// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.doubling
// templates: hugeStrings.doubling
// seed: 401853 (the program before minimising: node scripts/fuzz-programs.js --seed 401853 --count 1 --print)
// found: 2026-11-30T14:04:14.460Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let s = 'x'; for (let i = 0; i < 40; i++) s += s; return s.length
