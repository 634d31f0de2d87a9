// Program fuzzer finding; replay: node scripts/fuzz-programs.js --replay <this file>
// signature: signal-SIGABRT webApis.cloneTransferHostile
// templates: webApis.cloneTransferHostile
// seed: 200879 (the program before minimising: node scripts/fuzz-programs.js --seed 200879 --count 1 --print)
// found: 2026-11-30T13:29:55.362Z
// what happened: the child died with SIGABRT at the run step
// stderr: memory allocation of 34359738368 bytes failed | stack backtrace: | note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
// ---- program {"language":"typescript","limits":{"computeMs":200,"maxWallMs":1000,"maxMemoryBytes":67108864}} ----
return structuredClone(1, { transfer: { length: 2 ** 32 } })
