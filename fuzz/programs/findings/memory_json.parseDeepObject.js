// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.parseDeepObject
// templates: json.parseDeepObject
// seed: 777180 (the program before minimising: node scripts/fuzz-programs.js --seed 777180 --count 1 --print)
// found: 2026-11-30T15:44:12.102Z
// what happened: RSS grew by 136 MiB (to 195 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return typeof JSON.parse('{"a":'.repeat(1e6) + '1' + '}'.repeat(1e6))
