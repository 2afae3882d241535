#!/bin/sh
# Installs the project for real on a clean Debian 12 root (debootstrap, from deb.debian.org),
# isolated with Linux namespaces (no Docker), as deploy/INSTALL.md says, and plays a short
# night against what it installed (tests/deploy/test_install_real.py). Not part of the
# default test run. Run as root from the project root:
#   scripts/install-test.sh            # SQLite, then an upgrade, then a second event
#   scripts/install-test.sh --postgresql
#   scripts/install-test.sh --arm64 [--postgresql]   # Raspberry Pi OS 64-bit's architecture
# --arm64 runs a 64-bit ARM root under qemu-user-static (from Debian's package, unpacked into
# the cache, not installed), registered with binfmt_misc inside a user namespace of its own
# (Linux 6.7 or later): the machine's own binfmt_misc is left alone.
# The root is built once and cached in ~/.cache/basestation-install-root/<key>/ (keyed by its
# package list); each run works on an overlay of it, thrown away at the end.
#
# systemd is not booted as the root's init (that needs a cgroup tree of its own set up as a
# container manager does, which this script does not attempt), so install.sh takes its "no
# systemd" path (installs and enables the units, starts nothing) and each unit
# is then started as installed: its ExecStartPre and ExecStart, as its User, in its
# WorkingDirectory (scripts/install_test_units.py reads the installed unit files). The
# services and the test's pads run in a network namespace of their own (loopback only), so
# the installed broker's ports 1883/1884/9001 and the station's 8000 collide with nothing.
set -eu
here="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "install-test: run as root" >&2; exit 1; }
mode=sqlite
arch=amd64
for arg in "$@"; do
    case "$arg" in
        --postgresql) mode=--postgresql ;;
        --arm64) arch=arm64 ;;
        *) echo "usage: $0 [--arm64] [--postgresql]" >&2; exit 2 ;;
    esac
done

suite=bookworm
mirror=http://deb.debian.org/debian
include=systemd,systemd-sysv,dbus,adduser,ca-certificates,procps,iproute2
# What install.sh installs with apt: downloaded into the root's apt cache once, not installed.
debs="python3 python3-venv python3-pip mosquitto mosquitto-clients postgresql"
key="$(if [ "$arch" = amd64 ]; then printf '%s\n' "$suite" "$mirror" "$include" "$debs"
       else printf '%s\n' "$suite" "$mirror" "$include" "$debs" "$arch"; fi | sha256sum | cut -c1-16)"
cache="${BASESTATION_INSTALL_CACHE:-$HOME/.cache/basestation-install-root}"
root_cache="$cache/$key"
started=$(date +%s)

# In the root: as real root (amd64), or in a user namespace running ARM programs (arm64).
inside=""
if [ "$arch" = arm64 ]; then
    qemu="$cache/qemu/usr/bin/qemu-aarch64-static"
    if [ ! -x "$qemu" ]; then
        mkdir -p "$cache/qemu"
        (cd "$cache/qemu" && apt-get download -q qemu-user-static && dpkg-deb -x qemu-user-static_*.deb .)
    fi
    inside="python3 $here/scripts/install_test_userns.py $qemu"
fi

if [ ! -f "$root_cache/ready" ]; then
    command -v debootstrap >/dev/null || apt-get install -y -q debootstrap
    rm -rf "$root_cache"
    mkdir -p "$root_cache"
    echo "install-test: building the Debian 12 ($arch) root in $root_cache"
    if [ "$arch" = amd64 ]; then
        debootstrap --variant=minbase --include="$include" "$suite" "$root_cache/root" "$mirror"
    else
        debootstrap --arch=arm64 --foreign --variant=minbase --include="$include" "$suite" \
            "$root_cache/root" "$mirror"
        # No device nodes in a user namespace: debootstrap's container path binds them.
        $inside env container=lxc chroot "$root_cache/root" /debootstrap/debootstrap --second-stage
    fi
    cp /etc/resolv.conf "$root_cache/root/etc/resolv.conf"
    # shellcheck disable=SC2086
    $inside chroot "$root_cache/root" sh -c "apt-get update -q && apt-get install -q -y --download-only $debs"
    touch "$root_cache/ready"
fi
mkdir -p "$cache/pip-$arch"

if [ -z "$inside" ]; then
    inside="unshare -m --propagation private --"  # the overlay and its binds vanish with it
fi
work="$(mktemp -d /tmp/basestation-install-XXXXXXXX)"
status=0
# shellcheck disable=SC2086
BASESTATION_INSTALL_WORK="$work" $inside "$here/.venv/bin/python" \
    "$here/scripts/install_test_units.py" "$here" "$root_cache/root" "$cache/pip-$arch" "$mode" \
    "$started" || status=$?
# Its mounts were the namespace's alone; never delete through one still here.
if grep -q " $work" /proc/self/mountinfo; then
    echo "install-test: $work is still mounted here: left as it is" >&2
else
    rm -rf "$work"
fi
exit "$status"
