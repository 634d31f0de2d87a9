// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory functions.bindChainName
// templates: functions.bindChainName
// seed: 401242 (the program before minimising: node scripts/fuzz-programs.js --seed 401242 --count 1 --print)
// found: 2026-11-30T13:55:23.192Z
// what happened: RSS grew by 584 MiB (to 639 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let f = function () {}; for (let i = 0; i < 1e5; i++) f = f.bind(null); return f.name.length
