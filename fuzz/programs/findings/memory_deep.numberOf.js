// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.numberOf
// templates: deep.proxyArray.numberOf
// seed: 403207 (the program before minimising: node scripts/fuzz-programs.js --seed 403207 --count 1 --print)
// found: 2026-11-30T14:25:24.260Z
// what happened: RSS grew by 583 MiB (to 638 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: thread 'code-runtime-1' (8015) panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/slice/sort/shared/smallsort.rs:860:5: | user-provided comparison function does not correctly implement a total order | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRA
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Number(d)
