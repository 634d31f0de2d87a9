// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: hang proxyTraps.forIn+numbers.bigMultiply+memory.bigints
// templates: proxyTraps.forIn+numbers.bigMultiply+memory.bigints
// seed: 400104 (the program before minimising: node scripts/fuzz-programs.js --seed 400104 --count 1 --print)
// found: 2026-11-30T13:38:11.694Z
// what happened: no answer 1000 ms past the budget, at the run step; the child was killed
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
const f = function () { return 1 };
let p = new Proxy(function () {}, {});
p = new Proxy(function () {}, {
  setPrototypeOf(t, k, v, d) { return true },
  getOwnPropertyDescriptor(t, k, v, d) { return undefined },
  deleteProperty(t, k, v, d) { return true },
  apply(t, k, v, d) { return p() },
});
let n = 0; for (const k in p) if (n++ > 1e7) break; return n
})() } catch {}
try { await (async () => {
let x = 3n ** 200000n; for (let i = 0; i < 20; i++) x *= x; return x > 0n
})() } catch {}
const a = []; for (let i = 0n; ; i++) a.push(2n ** 10000n + i);
