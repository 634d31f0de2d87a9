// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.localeUpper
// templates: hugeStrings.localeUpper
// seed: 45712491 (the program before minimising: node scripts/fuzz-programs.js --seed 45712491 --count 1 --print)
// found: 2026-11-30T19:08:45.917Z
// what happened: RSS grew by 586 MiB (to 641 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return '\u00df'.repeat(1 << 26).toLocaleUpperCase().length
