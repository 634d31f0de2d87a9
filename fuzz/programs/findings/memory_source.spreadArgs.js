// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.spreadArgs
// templates: source.spreadArgs
// seed: 100047 (the program before minimising: node scripts/fuzz-programs.js --seed 100047 --count 1 --print)
// found: 2026-11-30T13:25:27.513Z
// what happened: RSS grew by 129 MiB (to 185 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return Math.max(' + '...[1], '.repeat(1e5) + '1)'"} ----
