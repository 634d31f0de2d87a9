// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory functions.bindChainNew
// templates: functions.bindChainNew
// seed: 807772820 (the program before minimising: node scripts/fuzz-programs.js --seed 807772820 --count 1 --print)
// found: 2026-11-30T16:54:57.809Z
// what happened: RSS grew by 678 MiB (to 737 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let f = function () {}; for (let i = 0; i < 1e6; i++) f = f.bind(null); return typeof new f()
