// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory functions.bindChainCall
// templates: functions.bindChainCall
// seed: 401045 (the program before minimising: node scripts/fuzz-programs.js --seed 401045 --count 1 --print)
// found: 2026-11-30T13:52:21.134Z
// what happened: RSS grew by 586 MiB (to 640 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let f = () => 1; for (let i = 0; i < 3e5; i++) f = f.bind(null); return f()
