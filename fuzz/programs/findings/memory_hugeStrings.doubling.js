// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.doubling
// templates: hugeStrings.doubling
// seed: 100026 (the program before minimising: node scripts/fuzz-programs.js --seed 100026 --count 1 --print)
// found: 2026-11-30T13:25:10.562Z
// what happened: RSS grew by 135 MiB (to 189 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let s = 'x'.repeat(1 << 20); for (let i = 0; i < 40; i++) s += s; return s.length
