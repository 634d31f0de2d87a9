// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.returnWrapped
// templates: deep.bound.returnWrapped
// seed: 400643 (the program before minimising: node scripts/fuzz-programs.js --seed 400643 --count 1 --print)
// found: 2026-11-30T13:46:05.624Z
// what happened: RSS grew by 772 MiB (to 827 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = function () { return 1 }; for (let i = 0; i < 3e5; i++) d = d.bind(null, i);
return { value: d }
