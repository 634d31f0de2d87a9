// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.functionApply
// templates: proxyTraps.functionApply
// seed: 401858 (the program before minimising: node scripts/fuzz-programs.js --seed 401858 --count 1 --print)
// found: 2026-11-30T14:04:18.284Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 137438953472 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy({}, {});
p = new Proxy({}, {
  get(t, k, v, d) { return k === 'length' ? { valueOf() { return 2 ** 32 * 4 } } : k },
  deleteProperty(t, k, v, d) { return delete p[k] },
  apply(t, k, v, d) { return f.apply(null, { length: NaN }) },
});
return Math.max.apply(null, p)
