// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory webApis.urlParse
// templates: webApis.urlParse
// seed: 2101068416 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068416 --count 1 --print)
// found: 2026-11-30T18:20:40.062Z
// what happened: RSS grew by 138 MiB (to 194 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: thread '<unnamed>' (20720) panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/slice/sort/shared/smallsort.rs:860:5: | user-provided comparison function does not correctly implement a total order | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=f
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return URL.canParse?.('x'.repeat(1 << 24), 'http://' + 'y'.repeat(1 << 24)) ?? 0
