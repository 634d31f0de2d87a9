// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.stringifyReplacer+functions.evalIndirect+memory.sliceCopies
// templates: deep.proxyOfArrays.stringifyReplacer+functions.evalIndirect+memory.sliceCopies
// seed: 1469254796 (the program before minimising: node scripts/fuzz-programs.js --seed 1469254796 --count 1 --print)
// found: 2026-11-30T19:44:02.745Z
// what happened: RSS grew by 604 MiB (to 660 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy([d], {});
return JSON.stringify(d, (k, v) => v)?.length
})() } catch {}
try { await (async () => {
return (0, eval)('1')
})() } catch {}
const s = 'x'.repeat(1 << 24); const a = []; for (let i = 0; ; i++) a.push(s.slice(i % 2));
