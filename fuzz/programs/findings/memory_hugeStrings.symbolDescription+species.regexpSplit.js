// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory hugeStrings.symbolDescription+species.regexpSplit
// templates: hugeStrings.symbolDescription+species.regexpSplit
// seed: 777504 (the program before minimising: node scripts/fuzz-programs.js --seed 777504 --count 1 --print)
// found: 2026-11-30T15:45:59.207Z
// what happened: RSS grew by 400 MiB (to 460 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return Symbol('x'.repeat(1 << 26)).toString().length
})() } catch {}
class R extends RegExp { static get [Symbol.species]() { return R } }; return 'ab'.repeat(1 << 20).split(new R('b')).length
