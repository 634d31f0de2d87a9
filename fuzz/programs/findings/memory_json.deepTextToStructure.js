// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.deepTextToStructure
// templates: json.deepTextToStructure
// seed: 777500 (the program before minimising: node scripts/fuzz-programs.js --seed 777500 --count 1 --print)
// found: 2026-11-30T15:45:58.447Z
// what happened: RSS grew by 105 MiB (to 164 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const t = '['.repeat(1e5) + ']'.repeat(1e5); return String(JSON.parse(t)).length
