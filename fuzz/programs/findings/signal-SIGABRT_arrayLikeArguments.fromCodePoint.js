// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.fromCodePoint
// templates: arrayLikeArguments.filled.fromCodePoint
// seed: 200621 (the program before minimising: node scripts/fuzz-programs.js --seed 200621 --count 1 --print)
// found: 2026-11-30T13:28:57.737Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 137438953472 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = { length: 2 ** 32 * 4, 0: 1, 1: 2 };
return String.fromCodePoint.apply(null, A).length
