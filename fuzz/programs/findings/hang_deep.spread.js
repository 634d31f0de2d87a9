// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.spread
// templates: deep.toStringChain.spread
// seed: 45712425 (the program before minimising: node scripts/fuzz-programs.js --seed 45712425 --count 1 --print)
// found: 2026-11-30T19:08:02.507Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 'x'; for (let i = 0; i < 3e5; i++) { const p = d; d = { toString() { return String(p) } } }
return Object.keys({ ...d }).length
