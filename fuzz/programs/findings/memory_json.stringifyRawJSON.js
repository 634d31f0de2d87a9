// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.stringifyRawJSON
// templates: json.stringifyRawJSON
// seed: 807772568 (the program before minimising: node scripts/fuzz-programs.js --seed 807772568 --count 1 --print)
// found: 2026-11-30T16:51:53.575Z
// what happened: RSS grew by 139 MiB (to 199 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return JSON.stringify(JSON.rawJSON ? JSON.rawJSON('1'.repeat(1 << 26)) : 1).length
