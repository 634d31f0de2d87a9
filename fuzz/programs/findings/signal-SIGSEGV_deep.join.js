// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.join
// templates: deep.proxyOfArrays.join
// seed: 400676 (the program before minimising: node scripts/fuzz-programs.js --seed 400676 --count 1 --print)
// found: 2026-11-30T13:46:31.103Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy([d], {});
return Array.prototype.join.call(d).length
