// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.stringifyReplacer
// templates: deep.toStringChain.stringifyReplacer
// seed: 807773238 (the program before minimising: node scripts/fuzz-programs.js --seed 807773238 --count 1 --print)
// found: 2026-11-30T16:59:00.123Z
// what happened: RSS grew by 634 MiB (to 693 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 'x'; for (let i = 0; i < 1e6; i++) { const p = d; d = { toString() { return String(p) } } }
