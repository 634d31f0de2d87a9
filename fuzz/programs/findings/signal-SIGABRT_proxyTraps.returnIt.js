// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.returnIt
// templates: proxyTraps.returnIt
// seed: 201297 (the program before minimising: node scripts/fuzz-programs.js --seed 201297 --count 1 --print)
// found: 2026-11-30T13:31:38.104Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy({}, {});
p = new Proxy({}, { getPrototypeOf(t, k, v, d) { return Array.prototype }, has(t, k, v, d) { return k in p }, deleteProperty(t, k, v, d) { return true }, ownKeys(t, k, v, d) { return { length: 2 ** 64 } }, construct(t, k, v, d) { return Reflect.construct(p, { length: NaN }) } });
return p
