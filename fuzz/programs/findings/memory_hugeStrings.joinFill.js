// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.joinFill
// templates: hugeStrings.joinFill
// seed: 400719 (the program before minimising: node scripts/fuzz-programs.js --seed 400719 --count 1 --print)
// found: 2026-11-30T13:46:51.436Z
// what happened: RSS grew by 1009 MiB (to 1064 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Array(1000).fill('\u00e9'.repeat(1 << 20)).join('').length
