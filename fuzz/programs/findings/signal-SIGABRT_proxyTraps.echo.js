// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT proxyTraps.echo
// templates: proxyTraps.echo
// seed: 401036 (the program before minimising: node scripts/fuzz-programs.js --seed 401036 --count 1 --print)
// found: 2026-11-30T13:52:13.289Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let p = new Proxy({}, {});
p = new Proxy({}, {
  setPrototypeOf(t, k, v, d) { return Reflect.setPrototypeOf(t, p) },
  defineProperty(t, k, v, d) { return true },
  deleteProperty(t, k, v, d) { return delete p[k] },
  ownKeys(t, k, v, d) { return new Proxy([], { get: (_, k) => (k === 'length' ? 2 ** 53 - 1 : 'k') }) },
  construct(t, k, v, d) { return new p() },
});
return await echo(p)
