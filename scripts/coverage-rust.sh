#!/usr/bin/env bash
# Line coverage of the Rust code (`npm run coverage:rust`): rustc's source-based coverage
# (-C instrument-coverage), from the cargo tests and from the vitest suite running on an
# instrumented addon. There is no rustup llvm-tools component here, so llvm-profdata and llvm-cov
# come from the distribution's package of rustc's own LLVM version (apt-get install llvm-22 for
# rustc 1.95). Builds into target/coverage with its own profile (no LTO), so the normal build is
# left alone; the first build compiles every dependency (~10 min on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

llvm=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
profdata=$(command -v "llvm-profdata-$llvm" || true)
cov=$(command -v "llvm-cov-$llvm" || true)
if [[ -z "$profdata" || -z "$cov" ]]; then
  echo "coverage:rust needs llvm-profdata-$llvm and llvm-cov-$llvm, the LLVM rustc uses (apt-get install llvm-$llvm)" >&2
  exit 1
fi

host=$(rustc -vV | sed -n 's/^host: //p')
out="$PWD/target/coverage"
export CARGO_TARGET_DIR="$out" RUSTFLAGS="-C instrument-coverage"
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_STRIP=false
rm -rf "$out/profraw" && mkdir -p "$out/profraw"
export LLVM_PROFILE_FILE="$out/profraw/%p-%m.profraw"

cargo test --release --target "$host"
tests=$(cargo test --release --target "$host" --no-run --message-format=json 2>/dev/null |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(s.split("\n").filter(Boolean).map(JSON.parse).filter(m=>m.executable).map(m=>m.executable).join("\n")))')

# The vitest suite on the instrumented addon, put in the place of the built one until the script
# ends (NAPI_RS_NATIVE_LIBRARY_PATH would also reach vite's own napi-rs addons); the
# loading-failure spec is left out, since it depends on which addon file is present.
cargo build --release --lib --target "$host"
cp "$out/$host/release/libcode_runtime_boa.so" "$out/code-runtime-boa.node"
addon="lib/native/code-runtime-boa.$(node -p 'require("./lib/platforms.js").hostPlatform()').node"
cp "$addon" "$out/addon.backup"
trap 'cp "$out/addon.backup" "$addon"' EXIT
cp "$out/code-runtime-boa.node" "$addon"
# Instrumented, unoptimised code takes bigger stack frames: the stack-depth specs fail there, and
# the figures still count everything that ran.
npx vitest run --exclude '**/node_modules/**' --exclude __test__/platforms.spec.ts ||
  echo "coverage:rust: some specs failed on the instrumented addon (see above); reporting what ran" >&2

"$profdata" merge -sparse "$out"/profraw/*.profraw -o "$out/coverage.profdata"
objects=(--object "$out/code-runtime-boa.node")
for test in $tests; do objects+=(--object "$test"); done
"$cov" report --instr-profile="$out/coverage.profdata" "${objects[@]}" \
  --ignore-filename-regex='(/\.cargo/|/rustc/|/vendor/|/target/)' | tee "$out/report.txt"
