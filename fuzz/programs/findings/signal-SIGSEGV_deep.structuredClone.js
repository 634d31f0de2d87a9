// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.structuredClone
// templates: deep.set.structuredClone
// seed: 777347 (the program before minimising: node scripts/fuzz-programs.js --seed 777347 --count 1 --print)
// found: 2026-11-30T15:44:57.325Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = new Set(); for (let i = 0; i < 1e6; i++) d = new Set([d]);
return typeof structuredClone(d)
