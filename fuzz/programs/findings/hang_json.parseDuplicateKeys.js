// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang json.parseDuplicateKeys
// templates: json.parseDuplicateKeys
// seed: 400164 (the program before minimising: node scripts/fuzz-programs.js --seed 400164 --count 1 --print)
// found: 2026-11-30T13:38:49.301Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return Object.keys(JSON.parse('{' + '"k":1,'.repeat(1 << 22) + '"k":2}')).length
