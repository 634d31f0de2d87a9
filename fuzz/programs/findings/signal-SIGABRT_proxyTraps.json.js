// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.json
// templates: proxyTraps.json
// seed: 201182 (the program before minimising: node scripts/fuzz-programs.js --seed 201182 --count 1 --print)
// found: 2026-11-30T13:31:15.201Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy(new Uint8Array(8), {});
p = new Proxy(new Uint8Array(8), { setPrototypeOf(t, k, v, d) { return true }, isExtensible(t, k, v, d) { return !Reflect.isExtensible(t) }, preventExtensions(t, k, v, d) { return Reflect.preventExtensions(p) }, getOwnPropertyDescriptor(t, k, v, d) { return { value: 1, configurable: true, enumerable: true, writable: true } }, has(t, k, v, d) { return k in p }, get(t, k, v, d) { return k === 'length' ? 2 ** 32 * 4 : 1 }, set(t, k, v, d) { return true }, deleteProperty(t, k, v, d) { return delete p[k] }, ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? Infinity : 'k') }) }, apply(t, k, v, d) { return 'x'.repeat(2 ** 28) }, construct(t, k, v, d) { return { length: -Infinity } } });
return JSON.stringify(p)?.length
