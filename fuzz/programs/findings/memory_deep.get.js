// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory deep.get
// templates: deep.proxy.get
// seed: 403149 (the program before minimising: node scripts/fuzz-programs.js --seed 403149 --count 1 --print)
// found: 2026-11-30T14:24:20.876Z
// what happened: RSS grew by 660 MiB (to 715 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: thread 'code-runtime-1' (5187) panicked at vendor/boa_engine/src/vm/opcode/set/class_prototype.rs:53:18: | cannot fail per spec: JsError { inner: Engine(Panic(PanicError { message: "program stopped: ComputeBudget", source: None })), backtrace: None } | stack backtrace: | note: Some details are omitt
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = {}; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return d.x
