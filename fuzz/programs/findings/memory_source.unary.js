// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.unary
// templates: source.unary
// seed: 402923 (the program before minimising: node scripts/fuzz-programs.js --seed 402923 --count 1 --print)
// found: 2026-11-30T14:21:07.613Z
// what happened: RSS grew by 156 MiB (to 214 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return ' + '- '.repeat(3e5) + '1'"} ----
