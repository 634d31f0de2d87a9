// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang coercion.sortSelf
// templates: coercion.toPrimitiveHuge.sortSelf
// seed: 548379590 (the program before minimising: node scripts/fuzz-programs.js --seed 548379590 --count 1 --print)
// found: 2026-11-30T22:45:12.273Z
// what happened: no answer 2330 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
globalThis.shared = Array.from({ length: 1 << 16 }, (_, i) => i);
const V = { [Symbol.toPrimitive]() { return 'x'.repeat(2 ** 28) } };
return shared.sort((a, b) => V - V).length
