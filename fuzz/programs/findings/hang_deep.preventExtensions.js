// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.preventExtensions
// templates: deep.toPrimitiveChain.preventExtensions
// seed: 45712124 (the program before minimising: node scripts/fuzz-programs.js --seed 45712124 --count 1 --print)
// found: 2026-11-30T19:02:31.337Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = 1; for (let i = 0; i < 3e5; i++) { const p = d; d = { [Symbol.toPrimitive]() { return +p } } }
return Object.isExtensible(Object.preventExtensions(d))
