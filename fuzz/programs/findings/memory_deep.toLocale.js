// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.toLocale
// templates: deep.getterChain.toLocale
// seed: 401170 (the program before minimising: node scripts/fuzz-programs.js --seed 401170 --count 1 --print)
// found: 2026-11-30T13:53:47.025Z
// what happened: RSS grew by 689 MiB (to 744 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = { v: 1 }; for (let i = 0; i < 1e6; i++) { const p = d; d = { get v() { return p.v } } }
