// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.regexp
// templates: deep.typedNest.regexp
// seed: 548379725 (the program before minimising: node scripts/fuzz-programs.js --seed 548379725 --count 1 --print)
// found: 2026-11-30T22:47:00.521Z
// what happened: RSS grew by 618 MiB (to 673 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = [new Uint8Array(4)]; for (let i = 0; i < 1e6; i++) d = [d, new Uint8Array(1)];
