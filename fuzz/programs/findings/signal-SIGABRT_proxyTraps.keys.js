// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.keys
// templates: proxyTraps.keys
// seed: 3 (the program before minimising: node scripts/fuzz-programs.js --seed 3 --count 1 --print)
// found: 2026-11-30T13:24:04.642Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738376 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy(new Uint8Array(8), {});
p = new Proxy(new Uint8Array(8), { getPrototypeOf(t, k, v, d) { return null }, isExtensible(t, k, v, d) { return true }, preventExtensions(t, k, v, d) { return Reflect.preventExtensions(p) }, getOwnPropertyDescriptor(t, k, v, d) { return { value: 1, configurable: true, enumerable: true, writable: true } }, defineProperty(t, k, v, d) { return true }, get(t, k, v, d) { return p[k] }, set(t, k, v, d) { return Reflect.set(t, k, v, p) }, ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 32 + 1 : 'k') }) } });
return Object.keys(p).length
