// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.freeze+webApis.throwHugeMessage+memory.bigints
// templates: deep.map.freeze+webApis.throwHugeMessage+memory.bigints
// seed: 807772541 (the program before minimising: node scripts/fuzz-programs.js --seed 807772541 --count 1 --print)
// found: 2026-11-30T16:51:43.113Z
// what happened: RSS grew by 596 MiB (to 655 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = new Map(); for (let i = 0; i < 1e4; i++) d = new Map([[0, d]]);
return Object.isFrozen(Object.freeze(d))
})() } catch {}
try { await (async () => {
throw new Error('x'.repeat(1 << 28))
})() } catch {}
const a = []; for (let i = 0n; ; i++) a.push(2n ** 10000n + i);
