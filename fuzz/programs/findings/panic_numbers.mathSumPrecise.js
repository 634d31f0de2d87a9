// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: panic numbers.mathSumPrecise
// templates: numbers.mathSumPrecise
// seed: 179845011 (the program before minimising: node scripts/fuzz-programs.js --seed 179845011 --count 1 --print)
// found: 2026-11-30T22:26:53.872Z
// what happened: the engine panicked: the engine failed while running the program; the run was abandoned (the child's stderr has where)
// stderr: thread '<unnamed>' (19666) panicked at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/xsum-0.1.6/src/accumulators/small_accumulator.rs:75:33: | index out of bounds: the len is 67 but the index is 67 | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return typeof Math.sumPrecise === "function" ? Math.sumPrecise(Array(1 << 22).fill(1e308)) : 0
