// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.string
// templates: deep.toStringChain.string
// seed: 403164 (the program before minimising: node scripts/fuzz-programs.js --seed 403164 --count 1 --print)
// found: 2026-11-30T14:24:45.226Z
// what happened: RSS grew by 653 MiB (to 708 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 'x'; for (let i = 0; i < 1e6; i++) { const p = d; d = { toString() { return String(p) } } }
