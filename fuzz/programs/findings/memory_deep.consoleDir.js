// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.consoleDir
// templates: deep.thenable.consoleDir
// seed: 807772614 (the program before minimising: node scripts/fuzz-programs.js --seed 807772614 --count 1 --print)
// found: 2026-11-30T16:52:18.157Z
// what happened: RSS grew by 635 MiB (to 694 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 1; for (let i = 0; i < 1e6; i++) { const p = d; d = { then(r) { r(p) } } }
