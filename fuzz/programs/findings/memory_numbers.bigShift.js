// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory numbers.bigShift
// templates: numbers.bigShift
// seed: 200261 (the program before minimising: node scripts/fuzz-programs.js --seed 200261 --count 1 --print)
// found: 2026-11-30T13:27:29.617Z
// what happened: RSS grew by 264 MiB (to 319 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return (1n << 2n ** 30n).toString(16).length
