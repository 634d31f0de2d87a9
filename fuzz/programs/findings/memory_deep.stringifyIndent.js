// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.stringifyIndent
// templates: deep.object.stringifyIndent
// seed: 400941 (the program before minimising: node scripts/fuzz-programs.js --seed 400941 --count 1 --print)
// found: 2026-11-30T13:50:47.050Z
// what happened: RSS grew by 628 MiB (to 683 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e5; i++) d = { d };
return JSON.stringify(d, null, '\t')?.length
