#!/usr/bin/env bash
# The whole test suite: set-up, lint (ruff), types (mypy), then every test, shared out
# among parallel pytest-xdist workers (more than the cores: the tests mostly wait on brokers,
# browsers and timers). Each worker is handed one test at a time, the longest first
# (tests/durations.json), so none is left with a long one at the end.
# `./scripts/test.sh -n 0` runs them in one process, for debugging; TEST_WORKERS sets the
# number of workers.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
.venv/bin/ruff check .
.venv/bin/mypy firmware_protocol basestation simulator
exec .venv/bin/pytest --numprocesses "${TEST_WORKERS:-6}" --dist load --maxschedchunk 1 "$@"
