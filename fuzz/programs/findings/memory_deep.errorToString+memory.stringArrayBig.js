// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.errorToString+memory.stringArrayBig
// templates: deep.proxyOfArrays.errorToString+memory.stringArrayBig
// seed: 45711279 (the program before minimising: node scripts/fuzz-programs.js --seed 45711279 --count 1 --print)
// found: 2026-11-30T18:47:38.930Z
// what happened: RSS grew by 600 MiB (to 656 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy([d], {});
return Error.prototype.toString.call(d).length
})() } catch {}
return [...'x'.repeat(1 << 24)].length
