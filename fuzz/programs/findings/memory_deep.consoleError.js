// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.consoleError
// templates: deep.getterChain.consoleError
// seed: 400926 (the program before minimising: node scripts/fuzz-programs.js --seed 400926 --count 1 --print)
// found: 2026-11-30T13:50:38.696Z
// what happened: RSS grew by 650 MiB (to 705 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = { v: 1 }; for (let i = 0; i < 1e6; i++) { const p = d; d = { get v() { return p.v } } }
