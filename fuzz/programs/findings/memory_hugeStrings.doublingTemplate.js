// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.doublingTemplate
// templates: hugeStrings.doublingTemplate
// seed: 201523 (the program before minimising: node scripts/fuzz-programs.js --seed 201523 --count 1 --print)
// found: 2026-11-30T13:32:29.192Z
// what happened: RSS grew by 105 MiB (to 159 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let s = 'x'; for (let i = 0; i < 40; i++) s = `${s}${s}`; return s.length
