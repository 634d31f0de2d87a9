// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayMethods.structuredClone
// templates: arrayMethods.sparse.structuredClone
// seed: 200272 (the program before minimising: node scripts/fuzz-programs.js --seed 200272 --count 1 --print)
// found: 2026-11-30T13:27:31.947Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738360 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const T = (() => { const a = []; a.length = 2 ** 32 - 1; a[5] = 1; return a })();
return structuredClone(T).length
