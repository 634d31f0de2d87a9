// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang sorting.sort+stringSearch.split
// templates: sorting.throws.sort+stringSearch.split
// seed: 400372 (the program before minimising: node scripts/fuzz-programs.js --seed 400372 --count 1 --print)
// found: 2026-11-30T13:43:24.693Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
const arr = Array.from({ length: 1e5 }, (_, i) => (i * 7919) % 1000);
const C = (a, b) => { throw new RangeError("cmp") };
return arr.sort(C).length
})() } catch {}
return 'a'.repeat(2e6).split('a'.repeat(2e5) + 'b').length
