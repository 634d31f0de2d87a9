// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.lower
// templates: hugeStrings.lower
// seed: 807772774 (the program before minimising: node scripts/fuzz-programs.js --seed 807772774 --count 1 --print)
// found: 2026-11-30T16:54:26.741Z
// what happened: RSS grew by 667 MiB (to 726 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return '\u0130'.repeat(1 << 26).toLowerCase().length
