// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.regexp
// templates: deep.symbolDesc.regexp
// seed: 400897 (the program before minimising: node scripts/fuzz-programs.js --seed 400897 --count 1 --print)
// found: 2026-11-30T13:49:48.476Z
// what happened: the child died with SIGSEGV at the run step
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = Symbol('x'); for (let i = 0; i < 1e6; i++) d = [d, Symbol(String(i))];
return new RegExp(d).source.length
