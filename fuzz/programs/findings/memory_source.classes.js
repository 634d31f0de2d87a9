// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory source.classes
// templates: source.classes
// seed: 400056 (the program before minimising: node scripts/fuzz-programs.js --seed 400056 --count 1 --print)
// found: 2026-11-30T13:37:33.076Z
// what happened: RSS grew by 176 MiB (to 232 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"'return typeof ' + 'class extends '.repeat(3e4) + 'Object' + ' {}'.repeat(3e4)"} ----
