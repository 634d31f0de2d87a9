// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.ifChain
// templates: source.ifChain
// seed: 201243 (the program before minimising: node scripts/fuzz-programs.js --seed 201243 --count 1 --print)
// found: 2026-11-30T13:31:27.110Z
// what happened: RSS grew by 177 MiB (to 233 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'if (1) '.repeat(1e5) + 'return 1'"} ----
