// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.functionApply
// templates: arrayLikeArguments.valueOf.functionApply
// seed: 23 (the program before minimising: node scripts/fuzz-programs.js --seed 23 --count 1 --print)
// found: 2026-11-30T13:24:14.267Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = { length: { valueOf() { return 2 ** 64 } } };
return (function () { return arguments.length }).apply(null, A)
