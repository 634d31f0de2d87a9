// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.arguments
// templates: source.arguments
// seed: 400909 (the program before minimising: node scripts/fuzz-programs.js --seed 400909 --count 1 --print)
// found: 2026-11-30T13:50:11.909Z
// what happened: RSS grew by 157 MiB (to 214 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return (function () { return arguments.length })(' + '1,'.repeat(3e5) + ')'"} ----
