// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory memory.dates+deep.getProto
// templates: memory.dates+deep.array.getProto
// seed: 179844069 (the program before minimising: node scripts/fuzz-programs.js --seed 179844069 --count 1 --print)
// found: 2026-11-30T22:17:02.788Z
// what happened: RSS grew by 582 MiB (to 638 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
const a = []; for (;;) a.push(new Date());
})() } catch {}
let d = []; for (let i = 0; i < 3e5; i++) d = [d];
return Object.getPrototypeOf(d) === null
