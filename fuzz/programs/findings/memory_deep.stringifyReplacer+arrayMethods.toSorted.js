// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.stringifyReplacer+arrayMethods.toSorted
// templates: deep.proxyArray.stringifyReplacer+arrayMethods.string.toSorted
// seed: 777495 (the program before minimising: node scripts/fuzz-programs.js --seed 777495 --count 1 --print)
// found: 2026-11-30T15:45:52.556Z
// what happened: RSS grew by 667 MiB (to 727 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = []; for (let i = 0; i < 1e5; i++) d = new Proxy(d, {});
return JSON.stringify(d, (k, v) => v)?.length
})() } catch {}
const T = Object('x'.repeat(1 << 24));
return Array.prototype.toSorted.call(T).length
