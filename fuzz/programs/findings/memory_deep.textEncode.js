// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.textEncode
// templates: deep.bound.textEncode
// seed: 777509 (the program before minimising: node scripts/fuzz-programs.js --seed 777509 --count 1 --print)
// found: 2026-11-30T15:46:00.538Z
// what happened: RSS grew by 603 MiB (to 663 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = function () { return 1 }; for (let i = 0; i < 1e6; i++) d = d.bind(null, i);
