// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: wrong-result eventLoop.intervalHuge
// templates: eventLoop.intervalHuge
// seed: 201225 (the program before minimising: node scripts/fuzz-programs.js --seed 201225 --count 1 --print)
// found: 2026-11-30T13:31:22.425Z
// what happened: should have returned 1, but ended with compute_budget: the program used its compute budget of 200 ms
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"returns":1} ----
setInterval(() => {}, NaN); return await tool()
