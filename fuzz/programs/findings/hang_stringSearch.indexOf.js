// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.indexOf
// templates: stringSearch.indexOf
// seed: 48 (the program before minimising: node scripts/fuzz-programs.js --seed 48 --count 1 --print)
// found: 2026-11-30T13:24:25.764Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'a'.repeat(2e6).indexOf('a'.repeat(2e5) + 'b')
