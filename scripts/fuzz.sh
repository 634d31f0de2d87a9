#!/usr/bin/env bash
# Runs every fuzz target for a bounded time. Needs a nightly toolchain and cargo-fuzz:
#   rustup toolchain install nightly && cargo install cargo-fuzz
# Usage: scripts/fuzz.sh [seconds-per-target] [target...]
#   FUZZ_SECONDS=300 scripts/fuzz.sh          # every target, 5 minutes each
#   scripts/fuzz.sh 30 strip                  # only `strip`, 30 seconds
# Crashing inputs are saved under fuzz/artifacts/<target>/; the corpus grows in fuzz/corpus/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-${FUZZ_SECONDS:-60}}"
shift || true
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then
  targets=(strip convert)
fi

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz: a nightly toolchain is needed: rustup toolchain install nightly" >&2
  exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: cargo-fuzz is needed: cargo install cargo-fuzz" >&2
  exit 1
fi

cd "$root/fuzz"
for target in "${targets[@]}"; do
  echo "fuzz: running $target for ${seconds}s"
  mkdir -p "corpus/$target"
  # -rss_limit_mb bounds a leaky input; -timeout flags a single input taking over 10 s.
  cargo +nightly fuzz run "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10
done
echo "fuzz: every target ran ${seconds}s without a failure"
