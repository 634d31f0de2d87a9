// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.search+numbers.numberFormat
// templates: stringSearch.search+numbers.numberFormat
// seed: 401259 (the program before minimising: node scripts/fuzz-programs.js --seed 401259 --count 1 --print)
// found: 2026-11-30T13:55:26.226Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return 'a'.repeat(2e6).search('a'.repeat(2e5) + 'b')
})() } catch {}
return (1234.5).toLocaleString('x'.repeat(1 << 20), { maximumFractionDigits: 20 })
