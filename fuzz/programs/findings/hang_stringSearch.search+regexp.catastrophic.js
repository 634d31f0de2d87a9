// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang stringSearch.search+regexp.catastrophic
// templates: stringSearch.search+regexp.catastrophic
// seed: 402017 (the program before minimising: node scripts/fuzz-programs.js --seed 402017 --count 1 --print)
// found: 2026-11-30T14:05:54.492Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return 'a'.repeat(2e6).search('a'.repeat(2e5) + 'b')
})() } catch {}
return /(a+)+$/.test('a'.repeat(40) + 'b')
