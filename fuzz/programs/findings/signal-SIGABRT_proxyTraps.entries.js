// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.entries
// templates: proxyTraps.entries
// seed: 104 (the program before minimising: node scripts/fuzz-programs.js --seed 104 --count 1 --print)
// found: 2026-11-30T13:24:39.728Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy([], {});
p = new Proxy([], { getPrototypeOf(t, k, v, d) { return p }, has(t, k, v, d) { return k in p }, get(t, k, v, d) { return k === 'length' ? { valueOf() { return 1e9 } } : k }, set(t, k, v, d) { return true }, deleteProperty(t, k, v, d) { return true }, ownKeys(t, k, v, d) { return { length: Infinity } } });
return Object.entries(p).length
