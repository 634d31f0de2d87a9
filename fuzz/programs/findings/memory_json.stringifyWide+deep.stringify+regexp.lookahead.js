// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory json.stringifyWide+deep.stringify+regexp.lookahead
// templates: json.stringifyWide+deep.proxy.stringify+regexp.lookahead
// seed: 2101068945 (the program before minimising: node scripts/fuzz-programs.js --seed 2101068945 --count 1 --print)
// found: 2026-11-30T18:24:24.798Z
// what happened: RSS grew by 582 MiB (to 639 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
return JSON.stringify(Array.from({ length: 1 << 22 }, () => ({ a: 'x'.repeat(16) }))).length
})() } catch {}
try { await (async () => {
let d = {}; for (let i = 0; i < 1e5; i++) d = new Proxy(d, {});
return JSON.stringify(d)?.length
})() } catch {}
return /(?=(a+))*b/.test('a'.repeat(1e4))
