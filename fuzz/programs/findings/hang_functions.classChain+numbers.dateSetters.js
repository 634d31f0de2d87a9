// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang functions.classChain+numbers.dateSetters
// templates: functions.classChain+numbers.dateSetters
// seed: 45712516 (the program before minimising: node scripts/fuzz-programs.js --seed 45712516 --count 1 --print)
// found: 2026-11-30T19:09:21.887Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let C = class {}; for (let i = 0; i < 1e6; i++) C = class extends C {}; return typeof new C()
})() } catch {}
const d = new Date(); d.setFullYear(Infinity, NaN, -1); return d.getTime()
