// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory functions.bindChainToString
// templates: functions.bindChainToString
// seed: 402140 (the program before minimising: node scripts/fuzz-programs.js --seed 402140 --count 1 --print)
// found: 2026-11-30T14:07:59.508Z
// what happened: RSS grew by 585 MiB (to 640 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let f = function () {}; for (let i = 0; i < 1e6; i++) f = f.bind(null); return String(f).length
