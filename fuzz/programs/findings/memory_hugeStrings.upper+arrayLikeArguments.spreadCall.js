// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.upper+arrayLikeArguments.spreadCall
// templates: hugeStrings.upper+arrayLikeArguments.typed.spreadCall
// seed: 45712242 (the program before minimising: node scripts/fuzz-programs.js --seed 45712242 --count 1 --print)
// found: 2026-11-30T19:03:47.547Z
// what happened: RSS grew by 586 MiB (to 641 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return '\u00df'.repeat(1 << 26).toUpperCase().length
})() } catch {}
const A = new Uint8Array(2 ** 26);
return Math.max(...A)
