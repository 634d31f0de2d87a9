// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.defineProperties
// templates: proxyTraps.defineProperties
// seed: 200816 (the program before minimising: node scripts/fuzz-programs.js --seed 200816 --count 1 --print)
// found: 2026-11-30T13:29:41.574Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy(new Map(), {});
p = new Proxy(new Map(), { getPrototypeOf(t, k, v, d) { return p }, setPrototypeOf(t, k, v, d) { return true }, has(t, k, v, d) { return true }, get(t, k, v, d) { return k === 'length' ? 2 ** 32 : p }, set(t, k, v, d) { p[k] = v; return true }, ownKeys(t, k, v, d) { return { length: 2 ** 64 } }, construct(t, k, v, d) { return new p() } });
return Object.keys(Object.defineProperties({}, p)).length
