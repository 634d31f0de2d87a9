// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory webApis.consoleAssert
// templates: webApis.consoleAssert
// seed: 2101068791 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068791 --count 1 --print)
// found: 2026-11-30T18:23:04.227Z
// what happened: RSS grew by 330 MiB (to 386 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
console.assert(false, 'x'.repeat(1 << 26)); return 1
