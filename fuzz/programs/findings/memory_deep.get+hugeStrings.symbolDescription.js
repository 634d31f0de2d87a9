// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.get+hugeStrings.symbolDescription
// templates: deep.proxy.get+hugeStrings.symbolDescription
// seed: 807772994 (the program before minimising: node scripts/fuzz-programs.js --seed 807772994 --count 1 --print)
// found: 2026-11-30T16:56:28.961Z
// what happened: RSS grew by 721 MiB (to 780 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = {}; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return d.x
})() } catch {}
return Symbol('x'.repeat(1 << 26)).toString().length
