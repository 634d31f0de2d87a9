// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.generators
// templates: memory.generators
// seed: 1469254920 (the program before minimising: node scripts/fuzz-programs.js --seed 1469254920 --count 1 --print)
// found: 2026-11-30T19:44:38.504Z
// what happened: RSS grew by 602 MiB (to 658 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
const a = []; function* g() { yield 1 } for (;;) a.push(g());
