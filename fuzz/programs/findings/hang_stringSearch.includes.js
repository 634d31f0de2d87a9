// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.includes
// templates: stringSearch.includes
// seed: 400362 (the program before minimising: node scripts/fuzz-programs.js --seed 400362 --count 1 --print)
// found: 2026-11-30T13:43:14.337Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return 'a'.repeat(4e6).includes('a'.repeat(1e6) + 'b')
