// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: wrong-result eventLoop.timeoutChain
// templates: eventLoop.timeoutChain
// seed: 200076 (the program before minimising: node scripts/fuzz-programs.js --seed 200076 --count 1 --print)
// found: 2026-11-30T13:26:30.560Z
// what happened: should have returned 1, but ended with compute_budget: the program used its compute budget of 200 ms
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"returns":1} ----
const f = () => setTimeout(f, 0); f(); return await tool()
