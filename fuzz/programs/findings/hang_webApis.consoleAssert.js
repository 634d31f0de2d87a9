// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang webApis.consoleAssert
// templates: webApis.consoleAssert
// seed: 45711630 (the program before minimising: node scripts/fuzz-programs.js --seed 45711630 --count 1 --print)
// found: 2026-11-30T18:53:19.981Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
console.assert(false, 'x'.repeat(1 << 26)); return 1
