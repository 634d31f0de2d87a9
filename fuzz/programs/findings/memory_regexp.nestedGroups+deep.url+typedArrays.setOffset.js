// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory regexp.nestedGroups+deep.url+typedArrays.setOffset
// templates: regexp.nestedGroups+deep.proxyOfArrays.url+typedArrays.setOffset
// seed: 402812 (the program before minimising: node scripts/fuzz-programs.js --seed 402812 --count 1 --print)
// found: 2026-11-30T14:19:20.033Z
// what happened: RSS grew by 627 MiB (to 682 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
return new RegExp('('.repeat(3e5) + 'a' + ')'.repeat(3e5)).test('a')
})() } catch {}
try { await (async () => {
let d = []; for (let i = 0; i < 3e5; i++) d = new Proxy([d], {});
return new URL(d).href
})() } catch {}
return new Int16Array(16).set([1], 2 ** 64) ?? 0
