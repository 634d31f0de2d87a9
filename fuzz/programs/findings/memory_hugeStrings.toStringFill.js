// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.toStringFill
// templates: hugeStrings.toStringFill
// seed: 201107 (the program before minimising: node scripts/fuzz-programs.js --seed 201107 --count 1 --print)
// found: 2026-11-30T13:30:49.393Z
// what happened: RSS grew by 1010 MiB (to 1066 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return Array(1000).fill('x'.repeat(1 << 20)).toString().length
