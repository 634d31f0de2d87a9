// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.lower
// templates: hugeStrings.lower
// seed: 45712340 (the program before minimising: node scripts/fuzz-programs.js --seed 45712340 --count 1 --print)
// found: 2026-11-30T19:05:38.449Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return '\u0130'.repeat(1 << 26).toLowerCase().length
