// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory typedArrays.atob
// templates: typedArrays.atob
// seed: 20261157 (the program before minimising: node scripts/fuzz-programs.js --seed 20261157 --count 1 --print)
// found: 2026-11-30T15:19:58.608Z
// what happened: RSS grew by 1196 MiB (to 1256 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
return atob('QUFB'.repeat(1 << 26)).length
