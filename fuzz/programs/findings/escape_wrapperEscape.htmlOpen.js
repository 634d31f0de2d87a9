// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: escape wrapperEscape.htmlOpen
// templates: wrapperEscape.htmlOpen
// seed: 100074 (the program before minimising: node scripts/fuzz-programs.js --seed 100074 --count 1 --print)
// found: 2026-11-30T13:25:31.081Z
// what happened: the program ran outside the strict wrapper, in sloppy mode
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864},"builtBy":"\"a <!--b})()}); throw 'ESCAPED-' + ((function () { return this })() === undefined ? 'strict' : 'SLOPPY'); (function(){return(async function(){\""} ----
