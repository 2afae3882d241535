#!/usr/bin/env bash
# The main job: the station plus a simulated club session; grid at http://127.0.0.1:8000.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BASESTATION_SYSTEM_PACKAGES="mosquitto" "$root/scripts/setup.sh"
cd "$root"
exec .venv/bin/basestation demo "$@"
