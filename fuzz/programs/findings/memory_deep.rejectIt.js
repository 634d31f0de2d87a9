// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.rejectIt
// templates: deep.proxyArray.rejectIt
// seed: 400016 (the program before minimising: node scripts/fuzz-programs.js --seed 400016 --count 1 --print)
// found: 2026-11-30T13:37:04.718Z
// what happened: RSS grew by 1262 MiB (to 1318 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return await Promise.reject(d)
