// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.keysBig
// templates: memory.keysBig
// seed: 807772957 (the program before minimising: node scripts/fuzz-programs.js --seed 807772957 --count 1 --print)
// found: 2026-11-30T16:56:04.641Z
// what happened: RSS grew by 285 MiB (to 345 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Object.keys('x'.repeat(1 << 24)).length
