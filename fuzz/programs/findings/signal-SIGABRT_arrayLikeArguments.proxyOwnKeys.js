// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.proxyOwnKeys
// templates: arrayLikeArguments.filled.proxyOwnKeys
// seed: 200680 (the program before minimising: node scripts/fuzz-programs.js --seed 200680 --count 1 --print)
// found: 2026-11-30T13:29:14.863Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738376 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = { length: 2 ** 32 + 1, 0: 1, 1: 2 };
return Object.keys(new Proxy({}, { ownKeys: () => A })).length
