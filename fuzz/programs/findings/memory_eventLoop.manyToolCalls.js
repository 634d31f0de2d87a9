// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory eventLoop.manyToolCalls
// templates: eventLoop.manyToolCalls
// seed: 20261164 (the program before minimising: node scripts/fuzz-programs.js --seed 20261164 --count 1 --print)
// found: 2026-11-30T15:19:58.958Z
// what happened: RSS grew by 104 MiB (to 164 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// stderr: memory allocation of 72057594037927928 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const all = []; for (let i = 0; i < 1e5; i++) all.push(tool()); return (await Promise.all(all)).length
