// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory arrayMethods.objectKeys
// templates: arrayMethods.string.objectKeys
// seed: 45711997 (the program before minimising: node scripts/fuzz-programs.js --seed 45711997 --count 1 --print)
// found: 2026-11-30T18:59:38.423Z
// what happened: RSS grew by 281 MiB (to 338 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const T = Object('x'.repeat(1 << 24));
return Object.keys(T).length
