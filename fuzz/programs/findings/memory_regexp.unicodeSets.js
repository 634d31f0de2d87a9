// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory regexp.unicodeSets
// templates: regexp.unicodeSets
// seed: 200315 (the program before minimising: node scripts/fuzz-programs.js --seed 200315 --count 1 --print)
// found: 2026-11-30T13:27:56.402Z
// what happened: RSS grew by 139 MiB (to 194 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return new RegExp('[\\p{L}--[a-z]]'.repeat(1e4), 'v').test('x')
