// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang deep.stringify+deep.btoa
// templates: deep.getterChain.stringify+deep.proxyArray.btoa
// seed: 45712370 (the program before minimising: node scripts/fuzz-programs.js --seed 45712370 --count 1 --print)
// found: 2026-11-30T19:06:33.143Z
// what happened: no answer 1000 ms past the budget, at the dispose step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = { v: 1 }; for (let i = 0; i < 1e6; i++) { const p = d; d = { get v() { return p.v } } }
return JSON.stringify(d)?.length
})() } catch {}
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return btoa(d).length
