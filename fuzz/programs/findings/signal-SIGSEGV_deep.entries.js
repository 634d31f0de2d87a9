// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGSEGV deep.entries
// templates: deep.proxyArray.entries
// seed: 400977 (the program before minimising: node scripts/fuzz-programs.js --seed 400977 --count 1 --print)
// found: 2026-11-30T13:51:38.998Z
// what happened: the child died with SIGSEGV at the run step
// stderr: thread 'code-runtime-1' (2064) panicked at vendor/boa_engine/src/object/operations.rs:279:14: | should not fail according to spec: JsError { inner: Engine(Panic(PanicError { message: "program stopped: ComputeBudget", source: None })), backtrace: None } | stack backtrace: | note: Some details are omi
// ---- program {"language":"typescript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let d = []; for (let i = 0; i < 1e6; i++) d = new Proxy(d, {});
return Object.entries(d).length
