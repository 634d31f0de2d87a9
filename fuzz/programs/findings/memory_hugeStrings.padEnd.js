// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.padEnd
// templates: hugeStrings.padEnd
// seed: 400523 (the program before minimising: node scripts/fuzz-programs.js --seed 400523 --count 1 --print)
// found: 2026-11-30T13:45:04.796Z
// what happened: RSS grew by 104 MiB (to 159 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 34359738368 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return '\u00e9'.padEnd(1 << 24).length
