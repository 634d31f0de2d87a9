// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.localeCompare
// templates: hugeStrings.localeCompare
// seed: 1469254475 (the program before minimising: node scripts/fuzz-programs.js --seed 1469254475 --count 1 --print)
// found: 2026-11-30T19:41:16.753Z
// what happened: the child passed 3079 MiB RSS at the run step and was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return 'a'.repeat(1 << 26).localeCompare('a'.repeat(1 << 26) + 'b')
