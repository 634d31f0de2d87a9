// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang functions.bindChainNew
// templates: functions.bindChainNew
// seed: 45711412 (the program before minimising: node scripts/fuzz-programs.js --seed 45711412 --count 1 --print)
// found: 2026-11-30T18:50:33.557Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let f = function () {}; for (let i = 0; i < 1e6; i++) f = f.bind(null); return typeof new f()
