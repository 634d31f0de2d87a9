// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.arrows
// templates: source.arrows
// seed: 401104 (the program before minimising: node scripts/fuzz-programs.js --seed 401104 --count 1 --print)
// found: 2026-11-30T13:52:59.155Z
// what happened: RSS grew by 340 MiB (to 396 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (' + '() => '.repeat(1e5) + '1)'"} ----
