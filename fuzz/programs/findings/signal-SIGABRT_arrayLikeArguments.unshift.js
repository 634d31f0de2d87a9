// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.unshift
// templates: arrayLikeArguments.sparseArray.unshift
// seed: 200084 (the program before minimising: node scripts/fuzz-programs.js --seed 200084 --count 1 --print)
// found: 2026-11-30T13:26:32.106Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738360 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = (() => { const a = []; a.length = 2 ** 32 - 1; return a })();
return [].unshift.apply([], A)
