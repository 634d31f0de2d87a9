// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: memory functions.classChain
// templates: functions.classChain
// seed: 777544 (the program before minimising: node scripts/fuzz-programs.js --seed 777544 --count 1 --print)
// found: 2026-11-30T15:46:24.806Z
// what happened: RSS grew by 722 MiB (to 781 MiB), past 579 MiB (budget 512 MiB + 10% + 16 MiB)
// stderr: thread '<unnamed>' (7896) panicked at vendor/boa_engine/src/vm/opcode/set/class_prototype.rs:71:14: | cannot fail per spec: JsError { inner: Engine(Panic(PanicError { message: "program stopped: MemoryBudget", source: None })), backtrace: None } | stack backtrace: | note: Some details are omitted, ru
// ---- program {"language":"javascript","limits":{"computeMs":4000,"maxWallMs":6000,"maxMemoryBytes":536870912}} ----
let C = class {}; for (let i = 0; i < 1e6; i++) C = class extends C {}; return typeof new C()
