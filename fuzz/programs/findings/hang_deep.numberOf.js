// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.numberOf
// templates: deep.array.numberOf
// seed: 45712539 (the program before minimising: node scripts/fuzz-programs.js --seed 45712539 --count 1 --print)
// found: 2026-11-30T19:11:23.837Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = [d];
