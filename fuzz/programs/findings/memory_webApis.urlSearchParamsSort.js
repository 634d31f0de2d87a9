// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory webApis.urlSearchParamsSort
// templates: webApis.urlSearchParamsSort
// seed: 200216 (the program before minimising: node scripts/fuzz-programs.js --seed 200216 --count 1 --print)
// found: 2026-11-30T13:27:14.071Z
// what happened: RSS grew by 152 MiB (to 207 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const p = new URLSearchParams('a=1&'.repeat(1 << 20)); p.sort(); return p.toString().length
