// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.stringConcatGrow
// templates: memory.stringConcatGrow
// seed: 200134 (the program before minimising: node scripts/fuzz-programs.js --seed 200134 --count 1 --print)
// found: 2026-11-30T13:26:49.027Z
// what happened: RSS grew by 104 MiB (to 158 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
let s = 'x'; for (;;) s += s;
