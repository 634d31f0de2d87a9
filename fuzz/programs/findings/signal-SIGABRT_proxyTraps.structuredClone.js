// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.structuredClone
// templates: proxyTraps.structuredClone
// seed: 403452 (the program before minimising: node scripts/fuzz-programs.js --seed 403452 --count 1 --print)
// found: 2026-11-30T14:28:49.216Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738360 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy({}, {});
p = new Proxy({}, {
  getPrototypeOf(t, k, v, d) { throw 1 },
  isExtensible(t, k, v, d) { return true },
  preventExtensions(t, k, v, d) { return Reflect.preventExtensions(p) },
  getOwnPropertyDescriptor(t, k, v, d) { return undefined },
  defineProperty(t, k, v, d) { return Reflect.defineProperty(p, k, d) },
  deleteProperty(t, k, v, d) { return true },
  ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 32 - 1 : 'k') }) },
  construct(t, k, v, d) { return new p() },
});
return typeof structuredClone(p)
