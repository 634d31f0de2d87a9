// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.getProto+memory.generators+stringSearch.trim
// templates: deep.errorCause.getProto+memory.generators+stringSearch.trim
// seed: 411904895 (the program before minimising: node scripts/fuzz-programs.js --seed 411904895 --count 1 --print)
// found: 2026-11-30T19:29:00.658Z
// what happened: RSS grew by 626 MiB (to 681 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = new Error('x'); for (let i = 0; i < 3e5; i++) d = new Error('e', { cause: d });
return Object.getPrototypeOf(d) === null
})() } catch {}
try { await (async () => {
const a = []; function* g() { yield 1 } for (;;) a.push(g());
})() } catch {}
return (' '.repeat(1 << 27) + 'x' + ' '.repeat(1 << 27)).trim().length
