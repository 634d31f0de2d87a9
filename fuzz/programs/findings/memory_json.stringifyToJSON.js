// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.stringifyToJSON
// templates: json.stringifyToJSON
// seed: 200871 (the program before minimising: node scripts/fuzz-programs.js --seed 200871 --count 1 --print)
// found: 2026-11-30T13:29:54.750Z
// what happened: RSS grew by 105 MiB (to 159 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 34359738368 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let n = 0; const o = { toJSON() { return n++ < 3e5 ? [o, o] : 1 } }; return JSON.stringify(o).length
