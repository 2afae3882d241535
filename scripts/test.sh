#!/usr/bin/env bash
# The whole test suite: set-up, lint (ruff), types (mypy), then every test.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
.venv/bin/ruff check .
.venv/bin/mypy firmware_protocol basestation simulator
exec .venv/bin/pytest "$@"
