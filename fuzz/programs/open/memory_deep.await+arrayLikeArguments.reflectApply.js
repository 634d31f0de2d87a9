// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.await+arrayLikeArguments.reflectApply
// templates: deep.protoProxy.await+arrayLikeArguments.string.reflectApply
// seed: 179844032 (the program before minimising: node scripts/fuzz-programs.js --seed 179844032 --count 1 --print)
// found: 2026-11-30T22:16:09.931Z
// what happened: RSS grew by 583 MiB (to 639 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = {}; for (let i = 0; i < 1e5; i++) d = Object.create(new Proxy(d, {}));
return await d
})() } catch {}
const A = Object('x'.repeat(1 << 24));
return Reflect.apply(Math.max, null, A)
