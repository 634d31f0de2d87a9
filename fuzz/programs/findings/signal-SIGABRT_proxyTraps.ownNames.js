// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.ownNames
// templates: proxyTraps.ownNames
// seed: 300261 (the program before minimising: node scripts/fuzz-programs.js --seed 300261 --count 1 --print)
// found: 2026-11-30T13:36:04.571Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738368 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy(function () {}, {});
p = new Proxy(function () {}, { getPrototypeOf(t, k, v, d) { return p }, getOwnPropertyDescriptor(t, k, v, d) { return { get() { return 'x'.repeat(2 ** 28) }, configurable: true } }, defineProperty(t, k, v, d) { return true }, has(t, k, v, d) { return k in p }, get(t, k, v, d) { return k === 'length' ? { valueOf() { return -Infinity } } : k }, set(t, k, v, d) { return Reflect.set(t, k, v, p) }, deleteProperty(t, k, v, d) { return delete p[k] }, ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 32 : 'k') }) }, construct(t, k, v, d) { return Reflect.construct(p, { length: 2 ** 64 }) } });
return Object.getOwnPropertyNames(p).length
