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
# Bytecode is kept, so that each worker and each station the tests start reads the modules
# compiled (and the tests rewritten by pytest) rather than compiling them again. One
# collection, beside mypy on the other core, compiles them first.
unset PYTHONDONTWRITEBYTECODE
# Node keeps Playwright's compiled driver too: each browser test starts a driver, a third
# less CPU each with the cache.
export NODE_COMPILE_CACHE="$root/.venv/node-compile-cache"
.venv/bin/pytest --collect-only -q -p no:cacheprovider >/dev/null 2>&1 &
collected=$!
.venv/bin/ruff check .
.venv/bin/mypy firmware_protocol basestation simulator
wait "$collected" || true  # its errors, if any, are the run's own to report
exec .venv/bin/pytest --numprocesses "${TEST_WORKERS:-7}" --dist load --maxschedchunk 1 "$@"
