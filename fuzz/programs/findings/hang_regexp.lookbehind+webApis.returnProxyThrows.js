// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang regexp.lookbehind+webApis.returnProxyThrows
// templates: regexp.lookbehind+webApis.returnProxyThrows
// seed: 300010 (the program before minimising: node scripts/fuzz-programs.js --seed 300010 --count 1 --print)
// found: 2026-11-30T13:34:25.189Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return /(?<=a+)b/.test('a'.repeat(1e5) + 'c')
})() } catch {}
return new Proxy({}, { ownKeys: () => { throw new Error("o") } })
