// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.arrayFrom
// templates: deep.proxyArray.arrayFrom
// seed: 402320 (the program before minimising: node scripts/fuzz-programs.js --seed 402320 --count 1 --print)
// found: 2026-11-30T14:11:56.604Z
// what happened: RSS grew by 585 MiB (to 640 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Array.from(d).length
