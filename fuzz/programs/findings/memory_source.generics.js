// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.generics
// templates: source.generics
// seed: 403542 (the program before minimising: node scripts/fuzz-programs.js --seed 403542 --count 1 --print)
// found: 2026-11-30T14:31:09.266Z
// what happened: RSS grew by 243 MiB (to 300 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 34359738376 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'let x: ' + 'Array<'.repeat(1e5) + 'number' + '>'.repeat(1e5) + ' = [] as any; return 1'"} ----
