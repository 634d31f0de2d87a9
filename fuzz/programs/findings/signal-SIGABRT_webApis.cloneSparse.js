// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT webApis.cloneSparse
// templates: webApis.cloneSparse
// seed: 200066 (the program before minimising: node scripts/fuzz-programs.js --seed 200066 --count 1 --print)
// found: 2026-11-30T13:26:28.921Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738360 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const a = []; a[2 ** 32 - 2] = 1; return structuredClone(a).length
