// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.sparseGrow
// templates: memory.sparseGrow
// seed: 2101068691 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068691 --count 1 --print)
// found: 2026-11-30T18:22:26.489Z
// what happened: RSS grew by 609 MiB (to 665 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
const a = []; for (let i = 0; ; i += 1 << 10) a[i] = i;
