// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.stringify
// templates: deep.proxyOfArrays.stringify
// seed: 401325 (the program before minimising: node scripts/fuzz-programs.js --seed 401325 --count 1 --print)
// found: 2026-11-30T13:57:04.917Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e5; i++) d = new Proxy([d], {});
return JSON.stringify(d)?.length
