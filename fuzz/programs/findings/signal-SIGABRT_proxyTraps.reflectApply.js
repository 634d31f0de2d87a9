// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.reflectApply
// templates: proxyTraps.reflectApply
// seed: 403879 (the program before minimising: node scripts/fuzz-programs.js --seed 403879 --count 1 --print)
// found: 2026-11-30T14:35:34.776Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy([], {});
p = new Proxy([], {
  getPrototypeOf(t, k, v, d) { return null },
  isExtensible(t, k, v, d) { return true },
  preventExtensions(t, k, v, d) { return Reflect.preventExtensions(p) },
  getOwnPropertyDescriptor(t, k, v, d) { return Reflect.getOwnPropertyDescriptor(p, k) },
  has(t, k, v, d) { return k in p },
  get(t, k, v, d) { return k === 'length' ? 2 ** 53 : 1 },
  set(t, k, v, d) { p[k] = v; return true },
  deleteProperty(t, k, v, d) { return delete p[k] },
  construct(t, k, v, d) { return new p() },
});
return Reflect.apply(Math.max, null, p)
