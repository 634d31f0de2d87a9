// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory eventLoop.microtaskFlood
// templates: eventLoop.microtaskFlood
// seed: 400697 (the program before minimising: node scripts/fuzz-programs.js --seed 400697 --count 1 --print)
// found: 2026-11-30T13:46:43.409Z
// what happened: RSS grew by 600 MiB (to 655 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
for (let i = 0; i < 1e7; i++) queueMicrotask(() => {}); return 1
