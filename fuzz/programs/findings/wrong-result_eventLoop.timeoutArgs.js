// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: wrong-result eventLoop.timeoutArgs
// templates: eventLoop.timeoutArgs
// seed: 401040 (the program before minimising: node scripts/fuzz-programs.js --seed 401040 --count 1 --print)
// found: 2026-11-30T13:52:18.590Z
// what happened: should have returned 1, but ended with compute_budget: the program used its compute budget of 200 ms
// triage: the expected value was wrong. Node throws "RangeError: Maximum call stack size exceeded"
// for this spread of 2^20 arguments, before setTimeout is called; Boa spends about 640 ms of CPU
// collecting the spread, so under 200 ms it ends with compute_budget, as it should. No timer ever
// ran. Kept without "returns"; the template now spreads 2^14 arguments, which both engines pass.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
setTimeout((...a) => a.length, 0, ...Array(1 << 20)); return 1
