// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.stringifyToJSONDeep
// templates: json.stringifyToJSONDeep
// seed: 200426 (the program before minimising: node scripts/fuzz-programs.js --seed 200426 --count 1 --print)
// found: 2026-11-30T13:28:28.562Z
// what happened: RSS grew by 98 MiB (to 154 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const o = { toJSON() { return { a: o } } }; return JSON.stringify(o).length
