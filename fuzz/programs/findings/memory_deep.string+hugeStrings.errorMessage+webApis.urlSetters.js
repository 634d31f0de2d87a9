// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.string+hugeStrings.errorMessage+webApis.urlSetters
// templates: deep.typedNest.string+hugeStrings.errorMessage+webApis.urlSetters
// seed: 45712188 (the program before minimising: node scripts/fuzz-programs.js --seed 45712188 --count 1 --print)
// found: 2026-11-30T19:03:22.549Z
// what happened: RSS grew by 647 MiB (to 702 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
let d = [new Uint8Array(4)]; for (let i = 0; i < 3e5; i++) d = [d, new Uint8Array(1)];
return String(d).length
})() } catch {}
try { await (async () => {
return new Error('x'.repeat(1 << 26)).message.length
})() } catch {}
const u = new URL('http://x/'); u.hash = '#'.repeat(1 << 26); u.pathname = '/'.repeat(1 << 26); return u.href.length
