// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.structuredClone
// templates: deep.sparse.structuredClone
// seed: 403986 (the program before minimising: node scripts/fuzz-programs.js --seed 403986 --count 1 --print)
// found: 2026-11-30T14:37:04.516Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) { const a = []; a[2 ** 20] = d; d = a }
return typeof structuredClone(d)
