// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory webApis.urlSetters
// templates: webApis.urlSetters
// seed: 2101068806 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068806 --count 1 --print)
// found: 2026-11-30T18:23:09.791Z
// what happened: RSS grew by 200 MiB (to 257 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
const u = new URL('http://x/'); u.hash = '#'.repeat(1 << 26); u.pathname = '/'.repeat(1 << 26); return u.href.length
