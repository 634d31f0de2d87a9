// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.strings
// templates: memory.strings
// seed: 777080 (the program before minimising: node scripts/fuzz-programs.js --seed 777080 --count 1 --print)
// found: 2026-11-30T15:43:40.347Z
// what happened: RSS grew by 716 MiB (to 776 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
const a = []; for (let i = 0; ; i++) a.push('x'.repeat(1 << 16) + i);
