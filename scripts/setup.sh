#!/usr/bin/env bash
# Prepares a fresh Debian machine: system packages the tests need, then .venv with the project.
# Sourced by scripts/demo.sh and scripts/test.sh; safe to run again (it only adds what is missing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

need_apt=()
want_system="${BASESTATION_SYSTEM_PACKAGES:-mosquitto postgresql chromium nftables iproute2}"
for pkg in $want_system; do
    case "$pkg" in
        mosquitto) command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ] || need_apt+=(mosquitto) ;;
        postgresql) ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql) ;;
        chromium) command -v chromium >/dev/null 2>&1 || need_apt+=(chromium) ;;
        # The idle-connections test limits connections per address as deploy/ does (nft), in
        # a network namespace of its own (ip netns).
        nftables) command -v nft >/dev/null 2>&1 || [ -x /usr/sbin/nft ] || need_apt+=(nftables) ;;
        iproute2) command -v ip >/dev/null 2>&1 || [ -x /usr/sbin/ip ] || need_apt+=(iproute2) ;;
    esac
done
if [ ${#need_apt[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${need_apt[*]} with apt" >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

py="${PYTHON:-python3.11}"
command -v "$py" >/dev/null 2>&1 || py=python3
if [ ! -x .venv/bin/python ]; then
    "$py" -m venv .venv
fi
stamp=".venv/.installed-$(cat pyproject.toml | sha1sum | cut -c1-12)"
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e ".[test]"
    touch "$stamp"
fi
