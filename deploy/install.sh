#!/bin/sh
# Installs basestation on a small club computer (Raspberry Pi OS 64-bit / Debian 12, Python 3.11):
# apt packages, a venv under /opt/basestation, the `basestation` user, /etc/basestation with a
# configuration holding fresh random secrets, mosquitto locked down, systemd units enabled.
#   sudo deploy/install.sh [--postgresql]        (from the unpacked source tree)
#   sudo deploy/install.sh --instance NAME [--http-port P] [--postgresql]
#       a second event on the same night and computer (INSTALL.md, "Two events"): its own
#       /etc/basestation/NAME.toml, database, port, receiver and station id, run by
#       basestation@NAME beside basestation, on the same broker.
# Safe to run again (an upgrade): an existing station.toml is kept, the code is upgraded, the
# broker's logins are kept (dynamic security) or its files made again, a locally changed
# mosquitto.conf is kept, and the services are restarted and checked.
set -eu
src="$(cd "$(dirname "$0")/.." && pwd)"
postgresql=no
instance=""
instance_port=8001
usage="usage: $0 [--postgresql] [--instance NAME [--http-port PORT]]"
while [ $# -gt 0 ]; do
    case "$1" in
        --postgresql) postgresql=yes ;;
        --instance) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; instance="$2"; shift ;;
        --http-port) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; instance_port="$2"; shift ;;
        *) echo "$usage" >&2; exit 2 ;;
    esac
    shift
done
# The name is a station id (MQTT topics), a file name and a systemd instance name.
case "$instance" in
    *[!a-z0-9-]* | -* | station)
        echo "install: --instance: lower-case letters, digits and '-' (not 'station'), not" \
             "'$instance'" >&2; exit 2 ;;
esac
case "$instance_port" in
    "" | *[!0-9]*) echo "install: --http-port: a port number, not '$instance_port'" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "run as root (sudo)" >&2; exit 1; }
if [ -n "$instance" ] && [ ! -f /etc/basestation/station.toml ]; then
    echo "install: --instance: install the first event first (sudo deploy/install.sh)" >&2
    exit 1
fi

# psycopg-binary has wheels for 64-bit ARM and x86 but none, and no source, for 32-bit ARM.
arch="$(dpkg --print-architecture)"
case "$arch" in
    amd64 | arm64) ;;
    armhf | armel)
        echo "install: $arch (32-bit) is not supported: use Raspberry Pi OS (64-bit)" >&2
        exit 1 ;;
    *) echo "install: warning: $arch is untested (amd64 and arm64 are)" >&2 ;;
esac

packages="python3 python3-venv python3-pip mosquitto mosquitto-clients nftables"
[ "$postgresql" = yes ] && packages="$packages postgresql"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $packages

# The service user: no login shell, home holds the database and backups.
if ! id basestation >/dev/null 2>&1; then
    adduser --system --group --home /var/lib/basestation --shell /usr/sbin/nologin basestation
fi
# Serial radio receivers (/dev/ttyUSB*) belong to group dialout.
id -nG basestation | grep -qw dialout || adduser basestation dialout
install -d -m 0750 -o basestation -g basestation /var/lib/basestation

# The code: a venv of its own, upgraded in place on a re-run. Debian's own /usr/bin/python3 (the
# one python3-venv is for), not whichever python3 comes first in root's PATH: a pyenv or conda
# Python under /root is out of the basestation user's reach. A venv the basestation user cannot
# run, or one left from another Python (say, before an OS upgrade), is made again.
venv=/opt/basestation/venv
install -d -m 0755 /opt/basestation
python_id='import sys; print(sys.version_info[:2], sys.base_prefix)'
if [ "$(cd / && runuser -u basestation -- "$venv/bin/python" -c "$python_id" 2>/dev/null)" != \
     "$(/usr/bin/python3 -c "$python_id")" ]; then
    rm -rf "$venv"
    /usr/bin/python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q --upgrade pip
# Built from a clean copy: setuptools leaves build/ and *.egg-info in the tree it builds (owned
# by root, in the user's checkout), and a stale build/lib can carry modules deleted since into
# the new install.
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for f in "$src"/*; do
    case "${f##*/}" in build | *.egg-info) ;; *) cp -R "$f" "$tmp/" ;; esac
done
"$venv/bin/pip" install -q --upgrade "$tmp"

# The configuration, with fresh random secrets the first time.
install -d -m 0755 -o root -g root /etc/basestation
conf=/etc/basestation/station.toml
if [ ! -f "$conf" ]; then
    # Secrets are made and written inside Python, never on a command line (ps shows those).
    /usr/bin/python3 - "$src/deploy/station.toml" > "$conf.new" <<'EOF'
import secrets, sys
text = open(sys.argv[1]).read()
for name in ("station-secret", "director-password", "mqtt-password"):
    text = text.replace(f"CHANGE-ME-{name}", secrets.token_hex(16))
sys.stdout.write(text)
EOF
    if [ "$postgresql" = yes ]; then
        url="$("$src/deploy/postgresql/setup.sh")"
        DATABASE_URL="$url" /usr/bin/python3 - "$conf.new" <<'EOF'
import os, re, sys
text = open(sys.argv[1]).read()
url = os.environ["DATABASE_URL"]
text = re.sub(r"(?m)^database = .*$", lambda _: f'database = "{url}"', text)
open(sys.argv[1], "w").write(text)
EOF
    fi
    chown root:basestation "$conf.new"
    chmod 0640 "$conf.new"
    mv "$conf.new" "$conf"
    echo "install: wrote $conf; the director password is in it (director_password)"
else
    echo "install: kept $conf"
    if [ "$postgresql" = yes ] && ! grep -q '^database = "postgresql' "$conf"; then
        echo "install: warning: --postgresql, but $conf keeps its database; to move to" \
             "PostgreSQL run deploy/postgresql/setup.sh and set [station] database" >&2
    fi
fi

toml_get() {  # toml_get FILE SECTION KEY DEFAULT: a value of a station configuration
    "$venv/bin/python" -c 'import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print(tomllib.load(f).get(sys.argv[2], {}).get(sys.argv[3], sys.argv[4]))' "$@"
}

# A second event (INSTALL.md, "Two events"): its own configuration, written once, with its own
# secrets, station id, database, port and receiver (channel 18), and the first event's broker
# login (the stations share the plugin's admin); each event's console links to the other.
if [ -n "$instance" ]; then
    iconf="/etc/basestation/$instance.toml"
    if [ "$(toml_get "$conf" mqtt dynamic_security False)" != True ]; then
        echo "install: --instance needs [mqtt] dynamic_security = true in $conf" >&2; exit 1
    fi
    if [ ! -f "$iconf" ]; then
        random() { /usr/bin/python3 -c 'import secrets; print(secrets.token_hex(16))'; }
        main_port="$(toml_get "$conf" station http 127.0.0.1:8000)"
        main_port="${main_port##*:}"
        [ "$instance_port" != "$main_port" ] || {
            echo "install: --http-port $instance_port is the first event's" >&2; exit 1; }
        mqtt_password="$(toml_get "$conf" mqtt password "")"
        sed -e "s/^id = \"club\"/id = \"$instance\"/" \
            -e "s/CHANGE-ME-station-secret/$(random)/" \
            -e "s/CHANGE-ME-director-password/$(random)/" \
            -e "s/CHANGE-ME-mqtt-password/$mqtt_password/" \
            -e "s|^database = .*|database = \"sqlite:////var/lib/basestation/$instance.db\"|" \
            -e "s|^http = \"0.0.0.0:8000\"|http = \"0.0.0.0:$instance_port\"|" \
            -e "s|^# backups = .*|backups = \"/var/lib/basestation/$instance-backups\"|" \
            -e "s|^port = \"/dev/ttyUSB0\"|port = \"/dev/ttyUSB1\"|" \
            -e "s|^channel = 16 |channel = 18 |" "$src/deploy/station.toml" > "$iconf.new"
        if [ "$postgresql" = yes ]; then
            pgname="$(echo "$instance" | tr - _)"  # PostgreSQL names: no '-'
            url="$("$src/deploy/postgresql/setup.sh" "$pgname" "$pgname")"
            sed -i -e "s|^database = .*|database = \"$url\"|" "$iconf.new"
        fi
        printf '\n# The first event'"'"'s console, linked from this one'"'"'s grid.\n[[console]]\nname = "%s"\nurl = ":%s"\n' \
            "First event" "$main_port" >> "$iconf.new"
        chown root:basestation "$iconf.new"
        chmod 0640 "$iconf.new"
        mv "$iconf.new" "$iconf"
        echo "install: wrote $iconf (the second event: port $instance_port, receiver" \
             "/dev/ttyUSB1 on channel 18); the director password is in it"
    else
        echo "install: kept $iconf"
    fi
    iport="$(toml_get "$iconf" station http 127.0.0.1:8001)"
    if ! grep -q "^url = \":${iport##*:}\"" "$conf"; then
        printf '\n# The event "%s" on this computer, linked from the grid (install.sh --instance).\n[[console]]\nname = "%s"\nurl = ":%s"\n' \
            "$instance" "Event $instance" "${iport##*:}" >> "$conf"
        echo "install: $conf links to $instance's console"
    fi
fi

# Rooms (INSTALL.md, "Two rooms") and events ("Two events"): enabled basestation@<name>
# instances, each with its own /etc/basestation/<name>.toml. Rooms take the place of the one
# station of station.toml (disabled by hand); events run beside it.
install -m 0644 "$src/deploy/systemd/basestation.service" /etc/systemd/system/
install -m 0644 "$src/deploy/systemd/basestation@.service" /etc/systemd/system/
rooms=""
[ -z "$instance" ] || systemctl enable "basestation@$instance.service"
for link in /etc/systemd/system/multi-user.target.wants/basestation@*.service; do
    if [ -L "$link" ] || [ -e "$link" ]; then rooms="$rooms ${link##*/}"; fi
done
main=no
if [ -z "$rooms" ] || [ -e /etc/systemd/system/multi-user.target.wants/basestation.service ]; then
    main=yes
fi

# mosquitto: our configuration. With [mqtt] dynamic_security (the default since it exists) the
# broker's logins are kept by its dynamic-security plugin, administered by the station; without
# it, password and ACL files generated from the unit registry (mosquitto-files.conf).
# Ours replaces Debian's (kept as mosquitto.conf.dist, and replaced again if put back). One
# changed here since the last install (a TLS listener, say) is kept, and a new one shipped since
# is put beside it, as dpkg does.
dynsec="$("$venv/bin/python" -c 'import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print(tomllib.load(f).get("mqtt", {}).get("dynamic_security", False) is True)' "$conf")"
if [ "$dynsec" = True ]; then name=mosquitto.conf; else name=mosquitto-files.conf; fi
mconf=/etc/mosquitto/mosquitto.conf
shipped="$src/deploy/mosquitto/$name"
previous=/opt/basestation/deploy/mosquitto/$name
[ -f "$previous" ] || previous=/opt/basestation/deploy/mosquitto/mosquitto.conf  # before 2 files
if [ ! -f "$mconf.dist" ] && [ -f "$mconf" ]; then
    cp "$mconf" "$mconf.dist"
fi
if [ -f "$previous" ] && [ -f "$mconf" ] && ! cmp -s "$mconf" "$previous" \
        && ! cmp -s "$mconf" "$shipped" && ! cmp -s "$mconf" "$mconf.dist"; then
    if cmp -s "$previous" "$shipped"; then
        echo "install: kept $mconf (changed here)"
    else
        install -m 0644 "$shipped" "$mconf.basestation-new"
        echo "install: warning: $mconf was changed here: kept; merge the new" \
             "$mconf.basestation-new into it" >&2
    fi
else
    install -m 0644 "$shipped" "$mconf"
    rm -f "$mconf.basestation-new"
fi
rm -rf /opt/basestation/deploy && cp -r "$src/deploy" /opt/basestation/deploy
# Each broker connection is a file handle: more than systemd's default 1024, so a stranger's
# idle connections cannot use them all up (the listeners' max_connections stay below).
install -d -m 0755 /etc/systemd/system/mosquitto.service.d
install -m 0644 "$src/deploy/systemd/mosquitto.service.d/basestation.conf" \
    /etc/systemd/system/mosquitto.service.d/basestation.conf
# setgid: files written by the basestation user belong to group mosquitto, which reads them.
install -d -m 2750 -o basestation -g mosquitto /etc/basestation/mosquitto
if [ "$dynsec" = True ]; then
    # The plugin, where mosquitto.conf looks for it: its own path depends on the CPU.
    plugin=""
    for found in /usr/lib/*/mosquitto_dynamic_security.so /usr/lib/mosquitto_dynamic_security.so; do
        if [ -f "$found" ]; then plugin="$found"; break; fi
    done
    [ -n "$plugin" ] || { echo "install: mosquitto's dynamic-security plugin is missing" \
                               "(mosquitto 2 ships it)" >&2; exit 1; }
    install -d -m 0755 /opt/basestation/lib
    ln -sfn "$plugin" /opt/basestation/lib/mosquitto_dynamic_security.so
    # The plugin's first state, the station's login as its admin; kept once there (mosquitto
    # writes it on every change: the units' logins the station made).
    dynfile=/var/lib/mosquitto/dynamic-security.json
    install -d -m 0755 -o mosquitto -g mosquitto /var/lib/mosquitto
    if [ ! -f "$dynfile" ]; then
        "$venv/bin/basestation" units dynsec-init --out "$dynfile" --config "$conf"
        chown mosquitto:mosquitto "$dynfile"
    else
        echo "install: kept $dynfile (the broker's logins)"
    fi
elif [ "$main" = yes ] && [ -z "$rooms" ]; then
    # (This also creates or migrates the station's database, as its own user.)
    (cd /var/lib/basestation && runuser -u basestation -- "$venv/bin/basestation" units mosquitto \
        --out /etc/basestation/mosquitto --config "$conf")
else
    echo "install: rooms:$rooms; the broker's password and ACL files are combined by hand" \
         "(INSTALL.md, \"Two rooms\"): kept as they are" >&2
fi

# Limits per network on the pads' listeners (nftables: mosquitto has none), in a table of
# its own loaded before mosquitto starts.
install -m 0644 "$src/deploy/nftables/basestation.nft" /etc/basestation/nftables.nft
install -m 0644 "$src/deploy/systemd/basestation-firewall.service" /etc/systemd/system/
# systemd: the station after (and requiring) mosquitto, and PostgreSQL when it is used.
dropin=/etc/systemd/system/basestation.service.d/postgresql.conf
if grep -q '^database = "postgresql' "$conf"; then
    install -d /etc/systemd/system/basestation.service.d
    install -m 0644 "$src/deploy/systemd/basestation.service.d/postgresql.conf" "$dropin"
else
    rm -f "$dropin"
fi
# Enabling only makes links: it works without a running systemd too (a chroot, an image).
services="$rooms"
if [ "$main" = yes ]; then
    services="basestation.service$rooms"
    systemctl enable basestation-firewall mosquitto basestation
else
    systemctl enable basestation-firewall mosquitto
fi

# A station's configuration, and where it answers ([station] http; 0.0.0.0: every address).
station_conf() {
    case "$1" in
        basestation@*) room="${1#basestation@}"; echo "/etc/basestation/${room%.service}.toml" ;;
        *) echo "$conf" ;;
    esac
}
station_http() {
    "$venv/bin/python" -c 'import sys, tomllib
with open(sys.argv[1], "rb") as f:
    print(tomllib.load(f).get("station", {}).get("http", "127.0.0.1:8000"))' "$1"
}
status_url() {
    case "${1%:*}" in
        0.0.0.0 | "") echo "http://127.0.0.1:${1##*:}/api/status" ;;
        *) echo "http://$1/api/status" ;;
    esac
}

# The broker has a listener for the station alone (1884, this computer only). A configuration
# kept from before still connects by the pads' port, where the client id becomes the login
# (use_username_as_clientid): rooms sharing one login would knock each other off there.
for service in $services; do
    sconf="$(station_conf "$service")"
    if grep -q '^url *= *"mqtt://127.0.0.1:1883"' "$sconf" 2>/dev/null; then
        echo "install: warning: $sconf connects the station by the pads' port 1883; set" \
             "url = \"mqtt://127.0.0.1:1884\" under [mqtt], the station's own listener" >&2
    fi
done

# Raspberry Pi OS and Debian always boot with systemd; a container or a chroot may not.
if [ ! -d /run/systemd/system ]; then
    {
        echo "install: systemd is not running (a container or a chroot?). The units are installed"
        echo "and enabled, but nothing was started: they start at the next boot with systemd, or"
        echo "by hand, as root, as the units do (mosquitto drops to its own user):"
        echo "  /usr/sbin/mosquitto -c $mconf -d"
        for service in $services; do
            sconf="$(station_conf "$service")"
            echo "  cd /var/lib/basestation && runuser -u basestation --" \
                 "$venv/bin/basestation serve --config $sconf"
            echo "  (then $(status_url "$(station_http "$sconf")") answers)"
        done
    } >&2
    exit 0
fi
systemctl daemon-reload
# The new broker configuration needs a restart, not a reload (listeners). The stations are
# stopped first, since restarting mosquitto would restart them all at once (Requires=), then
# started one after the other (each may migrate a shared database), on the new code.
# shellcheck disable=SC2086
systemctl stop $services
systemctl restart basestation-firewall || echo "install: warning: the limit per address on" \
    "the broker's listeners (nftables) could not be loaded: see journalctl -u" \
    "basestation-firewall" >&2
systemctl restart mosquitto
for service in $services; do
    systemctl start "$service"
    http="$(station_http "$(station_conf "$service")")"
    # Wait for the station to answer (the first start creates the database) and to be logged
    # in to the broker; show its links (a serial receiver not plugged in is only a warning).
    if ! "$venv/bin/python" - "$(status_url "$http")" <<'EOF'
import json, sys, time, urllib.request
deadline, status, error = time.monotonic() + 90, None, None
while time.monotonic() < deadline:
    try:
        with urllib.request.urlopen(sys.argv[1], timeout=5) as response:
            status = json.load(response)
        if all(link["connected"] for link in status["links"] if link["name"].startswith("mqtt")):
            break
    except OSError as failed:
        error = failed
    time.sleep(1)
if status is None:
    sys.exit(f"install: the station does not answer at {sys.argv[1]}: {error}")
for link in status["links"]:
    print(f"install: link {link['name']}: {'connected' if link['connected'] else 'NOT connected'}")
if not all(link["connected"] for link in status["links"] if link["name"].startswith("mqtt")):
    sys.exit("install: the station is not logged in to the broker ([mqtt] in its configuration)")
EOF
    then
        systemctl --no-pager status mosquitto "$service" >&2 || true
        journalctl --no-pager -n 30 -u mosquitto -u "$service" >&2 || true
        exit 1
    fi
    case "${http%:*}" in
        0.0.0.0 | "") address="$(hostname -I 2>/dev/null | cut -d' ' -f1)" ;;
        *) address="${http%:*}" ;;
    esac
    echo "install: $service answers: http://${address:-$(hostname)}:${http##*:}"
done
echo "install: done; see /opt/basestation/deploy/INSTALL.md"
