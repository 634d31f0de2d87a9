// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang functions.recursionIterator
// templates: functions.recursionIterator
// seed: 45712311 (the program before minimising: node scripts/fuzz-programs.js --seed 45712311 --count 1 --print)
// found: 2026-11-30T19:05:08.948Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let it = [1][Symbol.iterator](); for (let i = 0; i < 3e5; i++) { const inner = it; it = { [Symbol.iterator]() { return this }, next: () => inner.next(), return: () => inner.return?.() } } return Array.from(it).length
