// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.stringifyIndent
// templates: deep.array.stringifyIndent
// seed: 807772631 (the program before minimising: node scripts/fuzz-programs.js --seed 807772631 --count 1 --print)
// found: 2026-11-30T16:52:38.280Z
// what happened: RSS grew by 615 MiB (to 674 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = [d];
return JSON.stringify(d, null, '\t')?.length
