// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.concat
// templates: deep.array.concat
// seed: 401052 (the program before minimising: node scripts/fuzz-programs.js --seed 401052 --count 1 --print)
// found: 2026-11-30T13:52:24.440Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = [d];
return ('' + d).length
