// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.concat
// templates: deep.bound.concat
// seed: 807772849 (the program before minimising: node scripts/fuzz-programs.js --seed 807772849 --count 1 --print)
// found: 2026-11-30T16:55:16.412Z
// what happened: RSS grew by 603 MiB (to 662 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = function () { return 1 }; for (let i = 0; i < 3e5; i++) d = d.bind(null, i);
