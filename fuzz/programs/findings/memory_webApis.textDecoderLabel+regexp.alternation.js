// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory webApis.textDecoderLabel+regexp.alternation
// templates: webApis.textDecoderLabel+regexp.alternation
// seed: 2053616047 (the program before minimising: node scripts/fuzz-programs.js --seed 2053616047 --count 1 --print)
// found: 2026-11-30T20:39:51.690Z
// what happened: RSS grew by 201 MiB (to 257 MiB), past 86 MiB (budget 64 MiB + 10% + 16 MiB)
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
try { await (async () => {
return new TextDecoder('x'.repeat(1 << 26)).encoding
})() } catch {}
return /(a|aa)+$/.test('a'.repeat(40) + 'b')
