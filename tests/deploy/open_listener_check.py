"""Run inside a network namespace of its own (`unshare -n`, by test_open_listeners): this
computer with a network address, 192.0.2.10 (one end of a veth pair), the broker on its
shipped ports (1883 and 9001 on every address, 1884 on loopback) and `basestation serve` on
deploy/station.toml as install.sh fills it in, [mqtt] pads_listeners included. SCENARIO:
- `shipped`: deploy/mosquitto/mosquitto.conf as shipped (dynamic security);
- `tcp-open`: mosquitto-files.conf with 1883 split in two listeners, the loopback one as
  shipped, the one at 192.0.2.10 taking anyone (mosquitto's settings are per listener);
- `websockets-open`: mosquitto-files.conf with 9001 taking anyone.
Prints one JSON line: serve's exit code (null: its pages answered, so it ran) and stderr."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner

from basestation.cli import app
from simulator.broker import dynsec_plugin, run_mosquitto_conf
from tests.deploy.conftest import DEPLOY, DIRECTOR_PASSWORD, SECRET, STATION_PASSWORD

ADDRESS = "192.0.2.10"
HTTP = 8000


def network() -> None:
    for command in ("ip link set lo up", "ip link add v0 type veth peer name v1",
                    f"ip addr add {ADDRESS}/24 dev v0", "ip link set v0 up",
                    "ip link set v1 up"):
        subprocess.run(command.split(), check=True)


def station_toml(folder: Path, dynsec: bool) -> Path:
    """deploy/station.toml as install.sh leaves it, without the receiver (none here)."""
    text = (DEPLOY / "station.toml").read_text()
    text = text.replace("CHANGE-ME-station-secret", SECRET)
    text = text.replace("CHANGE-ME-director-password", DIRECTOR_PASSWORD)
    text = text.replace("CHANGE-ME-mqtt-password", STATION_PASSWORD)
    text = text.replace("sqlite:////var/lib/basestation/basestation.db",
                        f"sqlite:///{folder / 'station.db'}")
    text = re.sub(r"\[\[serial\]\]\nport = .*\nbaud = .*\nchannel = .*\n", "", text)
    if not dynsec:
        text = text.replace("dynamic_security = true", "dynamic_security = false")
    config = folder / "station.toml"
    config.write_text(text)
    return config


def open_listener(block: str) -> str:
    """A listener of the club's own that takes anyone (use_username_as_clientid would turn
    away a client without a user name even so)."""
    return block.replace("allow_anonymous false", "allow_anonymous true").replace(
        "use_username_as_clientid true\n", "")


def mosquitto_conf(folder: Path, scenario: str) -> Path:
    name = "mosquitto.conf" if scenario == "shipped" else "mosquitto-files.conf"
    text = (DEPLOY / "mosquitto" / name).read_text()
    text = text.replace("/opt/basestation/lib/mosquitto_dynamic_security.so", dynsec_plugin())
    text = text.replace("/etc/basestation/mosquitto/", f"{folder / 'mosquitto'}/")
    text = text.replace("/var/lib/mosquitto/", f"{folder / 'mosquitto-data'}/")
    text = text.replace("log_dest syslog", "log_dest stderr\nlog_type information")
    if scenario == "tcp-open":
        start = text.index("listener 1883\n")
        block = text[start:text.index("\n\n", start)]
        opened = open_listener(block.replace("listener 1883", f"listener 1883 {ADDRESS}"))
        text = text.replace(block, block.replace("listener 1883", "listener 1883 127.0.0.1")
                            + "\n\n" + opened)
    elif scenario == "websockets-open":
        start = text.index("listener 9001\n")
        block = text[start:text.index("\n\n", start)]
        text = text.replace(block, open_listener(block))
    conf = folder / "mosquitto.conf"
    conf.write_text("user root\n" + text)  # the tmp files are root's
    return conf


def serve(config: Path) -> tuple[int | None, str]:
    """`basestation serve`: its exit code, or None once its pages answer (then stopped)."""
    log = config.with_suffix(".log")
    with log.open("w") as err:
        process = subprocess.Popen([sys.executable, "-m", "basestation", "serve", "--config",
                                    str(config)], stdout=subprocess.DEVNULL, stderr=err,
                                   env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 120  # a loaded machine starts slowly
    code: int | None = None
    while time.monotonic() < deadline:
        if (code := process.poll()) is not None:
            break
        try:
            if httpx.get(f"http://127.0.0.1:{HTTP}/api/status", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    else:
        code = -1  # neither refused nor serving
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=20)
    return code, log.read_text()


def main(scenario: str) -> None:
    network()
    with tempfile.TemporaryDirectory(prefix="listeners-") as tmp:
        folder = Path(tmp)
        (folder / "mosquitto-data").mkdir()
        config = station_toml(folder, dynsec=scenario == "shipped")
        if scenario == "shipped":
            args = ["units", "dynsec-init", "--out",
                    str(folder / "mosquitto-data" / "dynamic-security.json")]
        else:
            args = ["units", "mosquitto", "--out", str(folder / "mosquitto")]
        done = CliRunner().invoke(app, [*args, "--config", str(config)])
        assert done.exit_code == 0, done.output
        with run_mosquitto_conf(mosquitto_conf(folder, scenario), 1883, 9001, 1884):
            code, said = serve(config)
    print(json.dumps({"code": code, "stderr": said}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
