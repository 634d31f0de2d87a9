// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.functions
// templates: source.functions
// seed: 2101068833 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068833 --count 1 --print)
// found: 2026-11-30T18:23:18.542Z
// what happened: RSS grew by 116 MiB (to 171 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'function f() {'.repeat(1e3) + '}'.repeat(1e3) + ' return 1'"} ----
