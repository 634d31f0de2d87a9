// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.padStart
// templates: hugeStrings.padStart
// seed: 300203 (the program before minimising: node scripts/fuzz-programs.js --seed 300203 --count 1 --print)
// found: 2026-11-30T13:35:44.320Z
// what happened: RSS grew by 101 MiB (to 157 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return 'x'.repeat(1 << 20).padStart(1 << 24, 'ab').length
