// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.closures
// templates: memory.closures
// seed: 777157 (the program before minimising: node scripts/fuzz-programs.js --seed 777157 --count 1 --print)
// found: 2026-11-30T15:43:52.048Z
// what happened: RSS grew by 100 MiB (to 160 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const a = []; for (let i = 0; ; i++) a.push(() => i);
