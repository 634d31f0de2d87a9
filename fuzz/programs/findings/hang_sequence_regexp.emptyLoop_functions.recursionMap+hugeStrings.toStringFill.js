// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang sequence:regexp.emptyLoop,functions.recursionMap+hugeStrings.toStringFill
// templates: regexp.emptyLoop,functions.recursionMap+hugeStrings.toStringFill
// seed: 201701 (the program before minimising: node scripts/fuzz-programs.js --seed 201701 --count 1 --print)
// found: 2026-11-30T13:33:25.243Z
// what happened: only after the earlier programs in one child: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return /(?:|a)*b/.test('a'.repeat(1e5))
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
const f = (n) => [1].map(() => f(n + 1)); return f(0)
})() } catch {}
return Array(1000).fill('x'.repeat(1 << 20)).toString().length
