// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.search
// templates: stringSearch.search
// seed: 100044 (the program before minimising: node scripts/fuzz-programs.js --seed 100044 --count 1 --print)
// found: 2026-11-30T13:25:23.148Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'a'.repeat(2e6).search('a'.repeat(2e5) + 'b')
