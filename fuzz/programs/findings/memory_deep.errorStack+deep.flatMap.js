// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.errorStack+deep.flatMap
// templates: deep.proxyArray.errorStack+deep.bound.flatMap
// seed: 401525 (the program before minimising: node scripts/fuzz-programs.js --seed 401525 --count 1 --print)
// found: 2026-11-30T14:00:29.488Z
// what happened: RSS grew by 685 MiB (to 740 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy(d, {});
return String(d.stack).length
})() } catch {}
let d = function () { return 1 }; for (let i = 0; i < 3e5; i++) d = d.bind(null, i);
return [d].flatMap((x) => x).length
