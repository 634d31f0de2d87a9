// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.get
// templates: deep.proxyOfArrays.get
// seed: 45711389 (the program before minimising: node scripts/fuzz-programs.js --seed 45711389 --count 1 --print)
// found: 2026-11-30T18:49:45.190Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy([d], {});
