// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.structuredClone
// templates: deep.proxy.structuredClone
// seed: 400205 (the program before minimising: node scripts/fuzz-programs.js --seed 400205 --count 1 --print)
// found: 2026-11-30T13:39:48.795Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return typeof structuredClone(d)
