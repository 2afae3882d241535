#!/bin/sh
# Installs the project for real on a clean Debian 12 root (debootstrap, from deb.debian.org),
# isolated with Linux namespaces (no Docker), as deploy/INSTALL.md says, and plays a short
# night against what it installed (tests/deploy/test_install_real.py). Not part of the
# default test run. Run as root from the project root:
#   scripts/install-test.sh            # SQLite, then an upgrade
#   scripts/install-test.sh --postgresql
# The root is built once and cached in ~/.cache/basestation-install-root/<key>/ (keyed by its
# package list); each run works on an overlay of it, thrown away at the end.
#
# systemd cannot be the root's init here (no cgroup delegation in the sandbox), so install.sh
# takes its "no systemd" path (installs and enables the units, starts nothing) and each unit
# is then started as installed: its ExecStartPre and ExecStart, as its User, in its
# WorkingDirectory (scripts/install_test_units.py reads the installed unit files). The
# services and the test's pads run in a network namespace of their own (loopback only), so
# the installed broker's ports 1883/1884/9001 and the station's 8000 collide with nothing.
set -eu
here="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "install-test: run as root" >&2; exit 1; }
mode="${1:-sqlite}"
case "$mode" in sqlite | --postgresql) ;; *) echo "usage: $0 [--postgresql]" >&2; exit 2 ;; esac

suite=bookworm
mirror=http://deb.debian.org/debian
include=systemd,systemd-sysv,dbus,adduser,ca-certificates,procps,iproute2
# What install.sh installs with apt: downloaded into the root's apt cache once, not installed.
debs="python3 python3-venv python3-pip mosquitto mosquitto-clients postgresql"
key="$(printf '%s\n' "$suite" "$mirror" "$include" "$debs" | sha256sum | cut -c1-16)"
cache="${BASESTATION_INSTALL_CACHE:-$HOME/.cache/basestation-install-root}"
root_cache="$cache/$key"
started=$(date +%s)

if [ ! -f "$root_cache/ready" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
    rm -rf "$root_cache"
    mkdir -p "$root_cache"
    echo "install-test: building the Debian 12 root in $root_cache"
    debootstrap --variant=minbase --include="$include" "$suite" "$root_cache/root" "$mirror"
    # shellcheck disable=SC2086
    chroot "$root_cache/root" sh -c "apt-get update -q && apt-get install -q -y --download-only $debs"
    touch "$root_cache/ready"
fi
mkdir -p "$cache/pip"

# A private mount namespace: the overlay and its binds vanish with it.
exec unshare -m --propagation private -- "$here/.venv/bin/python" \
    "$here/scripts/install_test_units.py" "$here" "$root_cache/root" "$cache/pip" "$mode" \
    "$started"
