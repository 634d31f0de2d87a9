// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang hugeStrings.jsonFill
// templates: hugeStrings.jsonFill
// seed: 17 (the program before minimising: node scripts/fuzz-programs.js --seed 17 --count 1 --print)
// found: 2026-11-30T13:24:12.413Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return JSON.stringify(Array(1000).fill('x'.repeat(1 << 20))).length
