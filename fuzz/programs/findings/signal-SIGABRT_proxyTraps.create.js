// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.create
// templates: proxyTraps.create
// seed: 401366 (the program before minimising: node scripts/fuzz-programs.js --seed 401366 --count 1 --print)
// found: 2026-11-30T13:58:05.575Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 137438953472 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let p = new Proxy({}, {});
p = new Proxy({}, {
  setPrototypeOf(t, k, v, d) { return true },
  isExtensible(t, k, v, d) { return !Reflect.isExtensible(t) },
  preventExtensions(t, k, v, d) { return Reflect.preventExtensions(p) },
  getOwnPropertyDescriptor(t, k, v, d) { return { get() { return 'x'.repeat(2 ** 28) }, configurable: true } },
  defineProperty(t, k, v, d) { return true },
  ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 32 * 4 : 'k') }) },
  apply(t, k, v, d) { return p() },
});
return typeof Object.create(null, p)
