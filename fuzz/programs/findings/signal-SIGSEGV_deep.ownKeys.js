// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.ownKeys
// templates: deep.proxyArray.ownKeys
// seed: 404338 (the program before minimising: node scripts/fuzz-programs.js --seed 404338 --count 1 --print)
// found: 2026-11-30T14:42:41.596Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Reflect.ownKeys(d).length
