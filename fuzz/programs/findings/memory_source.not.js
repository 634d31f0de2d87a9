// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.not
// templates: source.not
// seed: 201160 (the program before minimising: node scripts/fuzz-programs.js --seed 201160 --count 1 --print)
// found: 2026-11-30T13:31:07.069Z
// what happened: RSS grew by 156 MiB (to 212 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return ' + '!'.repeat(3e5) + '1'"} ----
