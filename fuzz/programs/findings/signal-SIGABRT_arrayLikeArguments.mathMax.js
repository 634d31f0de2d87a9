// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.mathMax
// templates: arrayLikeArguments.valueOf.mathMax
// seed: 100004 (the program before minimising: node scripts/fuzz-programs.js --seed 100004 --count 1 --print)
// found: 2026-11-30T13:25:02.324Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738376 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = { length: { valueOf() { return 2 ** 32 + 1 } } };
return Math.max.apply(null, A)
