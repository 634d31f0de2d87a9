// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.split
// templates: stringSearch.split
// seed: 200105 (the program before minimising: node scripts/fuzz-programs.js --seed 200105 --count 1 --print)
// found: 2026-11-30T13:26:41.908Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'a'.repeat(2e6).split('a'.repeat(2e5) + 'b').length
