// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.wellFormed
// templates: hugeStrings.wellFormed
// seed: 807772840 (the program before minimising: node scripts/fuzz-programs.js --seed 807772840 --count 1 --print)
// found: 2026-11-30T16:55:13.254Z
// what happened: RSS grew by 591 MiB (to 650 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return '\uD800'.repeat(1 << 26).toWellFormed().length
