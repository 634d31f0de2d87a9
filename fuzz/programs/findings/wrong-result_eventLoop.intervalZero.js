// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: wrong-result eventLoop.intervalZero
// templates: eventLoop.intervalZero
// seed: 201515 (the program before minimising: node scripts/fuzz-programs.js --seed 201515 --count 1 --print)
// found: 2026-11-30T13:32:22.907Z
// what happened: should have returned 1, but ended with compute_budget: the program used its compute budget of 200 ms
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"returns":1} ----
setInterval(() => {}, 0); return await tool()
