// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.console
// templates: proxyTraps.console
// seed: 200343 (the program before minimising: node scripts/fuzz-programs.js --seed 200343 --count 1 --print)
// found: 2026-11-30T13:28:07.520Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy({}, {});
p = new Proxy({}, { getPrototypeOf(t, k, v, d) { return Array.prototype }, getOwnPropertyDescriptor(t, k, v, d) { return { get() { return 'x'.repeat(2 ** 28) }, configurable: true } }, has(t, k, v, d) { return k in p }, get(t, k, v, d) { return k === 'length' ? 2 ** 53 : 1 }, set(t, k, v, d) { return true }, ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 64 : 'k') }) }, apply(t, k, v, d) { return 'x'.repeat(2 ** 28) } });
console.log(p); return 1
