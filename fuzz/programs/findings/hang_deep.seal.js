// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.seal
// templates: deep.proxyArray.seal
// seed: 45711474 (the program before minimising: node scripts/fuzz-programs.js --seed 45711474 --count 1 --print)
// found: 2026-11-30T18:52:16.538Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Object.isSealed(Object.seal(d))
