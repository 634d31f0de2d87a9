// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.numberString
// templates: hugeStrings.numberString
// seed: 2053616713 (the program before minimising: node scripts/fuzz-programs.js --seed 2053616713 --count 1 --print)
// found: 2026-11-30T20:45:51.353Z
// what happened: RSS grew by 601 MiB (to 656 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return Array.from({ length: 1 << 22 }, (_, i) => i).join('x'.repeat(64)).length
