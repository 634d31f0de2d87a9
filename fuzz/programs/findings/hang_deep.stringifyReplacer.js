// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.stringifyReplacer
// templates: deep.array.stringifyReplacer
// seed: 400424 (the program before minimising: node scripts/fuzz-programs.js --seed 400424 --count 1 --print)
// found: 2026-11-30T13:44:13.371Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 3e5; i++) d = [d];
return JSON.stringify(d, (k, v) => v)?.length
