// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.stringifyArrayReplacer
// templates: deep.array.stringifyArrayReplacer
// seed: 403362 (the program before minimising: node scripts/fuzz-programs.js --seed 403362 --count 1 --print)
// found: 2026-11-30T14:27:49.301Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e5; i++) d = [d];
return JSON.stringify(d, ['d', 'v'])?.length
