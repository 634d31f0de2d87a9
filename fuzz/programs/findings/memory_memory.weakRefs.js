// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.weakRefs
// templates: memory.weakRefs
// seed: 777464 (the program before minimising: node scripts/fuzz-programs.js --seed 777464 --count 1 --print)
// found: 2026-11-30T15:45:38.931Z
// what happened: RSS grew by 697 MiB (to 756 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: thread '<unnamed>' (7478) panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/slice/sort/shared/smallsort.rs:860:5: | user-provided comparison function does not correctly implement a total order | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=fu
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
const a = []; for (;;) a.push(new WeakRef({}));
