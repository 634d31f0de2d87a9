// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.has
// templates: deep.thenable.has
// seed: 400232 (the program before minimising: node scripts/fuzz-programs.js --seed 400232 --count 1 --print)
// found: 2026-11-30T13:40:32.459Z
// what happened: RSS grew by 688 MiB (to 743 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 1; for (let i = 0; i < 1e6; i++) { const p = d; d = { then(r) { r(p) } } }
