// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.join
// templates: deep.proxy.join
// seed: 403197 (the program before minimising: node scripts/fuzz-programs.js --seed 403197 --count 1 --print)
// found: 2026-11-30T14:25:09.482Z
// what happened: RSS grew by 602 MiB (to 657 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Array.prototype.join.call(d).length
