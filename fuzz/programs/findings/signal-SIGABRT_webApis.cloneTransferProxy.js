// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT webApis.cloneTransferProxy
// templates: webApis.cloneTransferProxy
// seed: 400850 (the program before minimising: node scripts/fuzz-programs.js --seed 400850 --count 1 --print)
// found: 2026-11-30T13:49:23.332Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738376 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"javascript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return structuredClone(1, { transfer: new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 + 1 : new ArrayBuffer(1)) }) })
