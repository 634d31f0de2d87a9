// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.seal
// templates: deep.bound.seal
// seed: 807773071 (the program before minimising: node scripts/fuzz-programs.js --seed 807773071 --count 1 --print)
// found: 2026-11-30T16:57:30.972Z
// what happened: RSS grew by 603 MiB (to 662 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: thread '<unnamed>' (18054) panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/slice/sort/shared/smallsort.rs:860:5: | user-provided comparison function does not correctly implement a total order | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=f
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = function () { return 1 }; for (let i = 0; i < 1e5; i++) d = d.bind(null, i);
