// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory typedArrays.newLength+deep.stringifyArrayReplacer+memory.stringArrayBig
// templates: typedArrays.newLength+deep.typedNest.stringifyArrayReplacer+memory.stringArrayBig
// seed: 2053616746 (the program before minimising: node scripts/fuzz-programs.js --seed 2053616746 --count 1 --print)
// found: 2026-11-30T20:46:12.643Z
// what happened: RSS grew by 589 MiB (to 645 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
try { await (async () => {
return new Uint8ClampedArray(1e9).length
})() } catch {}
try { await (async () => {
let d = [new Uint8Array(4)]; for (let i = 0; i < 1e5; i++) d = [d, new Uint8Array(1)];
return JSON.stringify(d, ['d', 'v'])?.length
})() } catch {}
return [...'x'.repeat(1 << 24)].length
