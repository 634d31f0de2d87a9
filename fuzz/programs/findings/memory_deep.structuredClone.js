// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.structuredClone
// templates: deep.proxyOfArrays.structuredClone
// seed: 401363 (the program before minimising: node scripts/fuzz-programs.js --seed 401363 --count 1 --print)
// found: 2026-11-30T13:58:03.580Z
// what happened: RSS grew by 1028 MiB (to 1083 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: memory allocation of 137438953472 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy([d], {});
return typeof structuredClone(d)
