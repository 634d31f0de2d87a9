// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.commaChain
// templates: source.commaChain
// seed: 402510 (the program before minimising: node scripts/fuzz-programs.js --seed 402510 --count 1 --print)
// found: 2026-11-30T14:14:14.359Z
// what happened: RSS grew by 255 MiB (to 311 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (' + '1, '.repeat(1e5) + '1)'"} ----
