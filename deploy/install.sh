#!/bin/sh
# Installs basestation on a small club computer (Raspberry Pi OS / Debian 12, Python 3.11):
# apt packages, a venv under /opt/basestation, the `basestation` user, /etc/basestation with a
# configuration holding fresh random secrets, mosquitto locked down, systemd units enabled.
#   sudo deploy/install.sh [--postgresql]        (from the unpacked source tree)
# Safe to run again: an existing station.toml is kept, only the code is upgraded.
set -eu
src="$(cd "$(dirname "$0")/.." && pwd)"
postgresql=no
[ "${1:-}" = "--postgresql" ] && postgresql=yes
[ "$(id -u)" -eq 0 ] || { echo "run as root (sudo)" >&2; exit 1; }

packages="python3 python3-venv python3-pip mosquitto mosquitto-clients"
[ "$postgresql" = yes ] && packages="$packages postgresql"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $packages

# The service user: no login shell, home holds the database and backups.
if ! id basestation >/dev/null 2>&1; then
    adduser --system --group --home /var/lib/basestation --shell /usr/sbin/nologin basestation
fi
adduser basestation dialout >/dev/null   # serial radio receivers
install -d -m 0750 -o basestation -g basestation /var/lib/basestation

# The code: a venv of its own, upgraded in place on a re-run.
install -d -m 0755 /opt/basestation
[ -x /opt/basestation/venv/bin/python ] || python3 -m venv /opt/basestation/venv
/opt/basestation/venv/bin/pip install -q --upgrade pip
/opt/basestation/venv/bin/pip install -q --upgrade "$src"
rm -rf /opt/basestation/deploy && cp -r "$src/deploy" /opt/basestation/deploy

# The configuration, with fresh random secrets the first time.
install -d -m 0755 -o root -g root /etc/basestation
conf=/etc/basestation/station.toml
if [ ! -f "$conf" ]; then
    random() { python3 -c 'import secrets; print(secrets.token_hex(16))'; }
    sed -e "s/CHANGE-ME-station-secret/$(random)/" \
        -e "s/CHANGE-ME-director-password/$(random)/" \
        -e "s/CHANGE-ME-mqtt-password/$(random)/" "$src/deploy/station.toml" > "$conf.new"
    if [ "$postgresql" = yes ]; then
        url="$("$src/deploy/postgresql/setup.sh")"
        sed -i -e "s|^database = .*|database = \"$url\"|" "$conf.new"
    fi
    chown root:basestation "$conf.new"
    chmod 0640 "$conf.new"
    mv "$conf.new" "$conf"
    echo "install: wrote $conf; the director password is in it (director_password)"
fi

# mosquitto: our configuration, password and ACL files generated from the unit registry.
# setgid: files written by the basestation user belong to group mosquitto, which reads them.
install -d -m 2750 -o basestation -g mosquitto /etc/basestation/mosquitto
if [ ! -f /etc/mosquitto/mosquitto.conf.dist ] && [ -f /etc/mosquitto/mosquitto.conf ]; then
    cp /etc/mosquitto/mosquitto.conf /etc/mosquitto/mosquitto.conf.dist
fi
install -m 0644 "$src/deploy/mosquitto/mosquitto.conf" /etc/mosquitto/mosquitto.conf
runuser -u basestation -- /opt/basestation/venv/bin/basestation units mosquitto \
    --out /etc/basestation/mosquitto --config "$conf"

# systemd: the station after (and requiring) mosquitto, and PostgreSQL when it is used.
install -m 0644 "$src/deploy/systemd/basestation.service" /etc/systemd/system/
install -m 0644 "$src/deploy/systemd/basestation@.service" /etc/systemd/system/
if grep -q '^database = "postgresql' "$conf"; then
    install -d /etc/systemd/system/basestation.service.d
    install -m 0644 "$src/deploy/systemd/basestation.service.d/postgresql.conf" \
        /etc/systemd/system/basestation.service.d/
fi
systemctl daemon-reload
systemctl enable mosquitto basestation
systemctl restart mosquitto
systemctl restart basestation
echo "install: done. Grid at http://$(hostname -I | cut -d' ' -f1):8000 ; see deploy/INSTALL.md"
