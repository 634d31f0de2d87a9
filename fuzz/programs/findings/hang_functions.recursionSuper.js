// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang functions.recursionSuper
// templates: functions.recursionSuper
// seed: 45711762 (the program before minimising: node scripts/fuzz-programs.js --seed 45711762 --count 1 --print)
// found: 2026-11-30T18:57:14.609Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
class A { m() { return 1 } } let C = A; for (let i = 0; i < 1e5; i++) C = class extends C { m() { return super.m() } }; return new C().m()
