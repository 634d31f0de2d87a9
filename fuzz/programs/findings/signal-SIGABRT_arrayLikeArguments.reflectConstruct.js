// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT arrayLikeArguments.reflectConstruct
// templates: arrayLikeArguments.plain.reflectConstruct
// seed: 51 (the program before minimising: node scripts/fuzz-programs.js --seed 51 --count 1 --print)
// found: 2026-11-30T13:24:28.173Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const A = { length: 2 ** 53 };
return Reflect.construct(Array, A).length
