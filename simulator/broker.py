"""A local mosquitto broker on a free loopback port (tests, the demo, the load generator)."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import random
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from basestation.station.links.dynsec import initial_config

PORTS_VARIABLE = "BASESTATION_PORTS"
_next_port: dict[tuple[int, int], int] = {}


def free_port() -> int:
    """A loopback port nothing listens on now. The kernel's choice comes from its ephemeral
    range, where a port just freed can be taken by any outgoing connection before the server
    binds it; with BASESTATION_PORTS ("20000-20999") set, as the test suite sets it for each
    of its parallel workers, ports come from that range instead, in turn from a random start,
    so processes sharing the range rarely meet."""
    wanted = os.environ.get(PORTS_VARIABLE)
    if not wanted:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
            return port
    low, high = (int(end) for end in wanted.split("-"))
    span = (low, high)
    for _ in range(high - low + 1):
        port = _next_port.get(span) or random.randint(low, high)
        _next_port[span] = low + (port + 1 - low) % (high - low + 1)
        if not port_in_use(port):
            return port
    raise RuntimeError(f"no free port in {PORTS_VARIABLE}={wanted}")


def port_in_use(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return True
        return False


def wait_for_port(port: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listening on port {port}")


def mosquitto_binary() -> str:
    for candidate in (shutil.which("mosquitto"), "/usr/sbin/mosquitto"):
        if candidate and os.path.exists(candidate):
            return candidate
    raise RuntimeError("mosquitto is not installed: run scripts/setup.sh")


def dynsec_plugin() -> str:
    """Where mosquitto's dynamic-security plugin is (Debian: under the architecture's lib)."""
    for candidate in ("/usr/lib/*/mosquitto_dynamic_security.so",
                      "/usr/lib/mosquitto_dynamic_security.so",
                      "/usr/local/lib/mosquitto_dynamic_security.so"):
        found = sorted(glob.glob(candidate))
        if found:
            return found[0]
    raise RuntimeError("mosquitto's dynamic-security plugin is missing: run scripts/setup.sh")


@dataclass(frozen=True)
class Dynsec:
    """A broker that keeps its logins with the dynamic-security plugin, as deploy/ sets it up:
    anonymous clients refused, `admin` (the station's login) the plugin's admin. In `folder`
    the plugin's file is kept, so a broker started again on the same folder (a restart) holds
    the logins the station gave it; without one it starts afresh each time."""

    admin: str
    password: str
    folder: Path | None = None

    def config(self, tmp: Path) -> str:
        path = (self.folder or tmp) / "dynamic-security.json"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(initial_config(self.admin, self.password), indent=1))
            path.chmod(0o600)
        return (f"allow_anonymous false\nplugin {dynsec_plugin()}\n"
                f"plugin_opt_config_file {path}\n")


@contextlib.contextmanager
def run_mosquitto(extra_config: str = "allow_anonymous true\n",
                  port: int | None = None, websockets: int | None = None,
                  dynsec: Dynsec | None = None,
                  websockets_host: str = "127.0.0.1") -> Iterator[int]:
    """A mosquitto broker on a free port, stopped afterwards; with `websockets`, a second
    listener on that port speaks MQTT over WebSockets (the browser pad's way in); with
    `dynsec`, logins and ACLs come from the dynamic-security plugin (on both listeners).
    `websockets_host` "0.0.0.0" lets phones on the network reach the WebSockets listener."""
    port = port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        if dynsec is not None:
            extra_config = dynsec.config(Path(tmp))
            if os.geteuid() == 0:  # mosquitto would drop to a user that cannot write tmp files
                extra_config = "user root\n" + extra_config
        conf = Path(tmp) / "mosquitto.conf"
        ws = (f"listener {websockets} {websockets_host}\nprotocol websockets\n"
              if websockets else "")
        # set_tcp_nodelay: without it every message waits on Nagle and delayed acks;
        # max_inflight_messages as deploy/ sets it (the station's window of answers).
        conf.write_text(f"listener {port} 127.0.0.1\n{ws}{extra_config}persistence false\n"
                        "set_tcp_nodelay true\nmax_inflight_messages 1000\n")
        with run_mosquitto_conf(conf, port, websockets) as running:
            yield running


@contextlib.contextmanager
def run_mosquitto_conf(conf: Path, port: int, websockets: int | None = None) -> Iterator[int]:
    """mosquitto with a whole configuration file of the caller's, listening on `port` (and on
    `websockets`, if the file has such a listener)."""
    log = conf.with_suffix(".log")
    with log.open("wb") as out:
        proc = subprocess.Popen([mosquitto_binary(), "-c", str(conf)],
                                stdout=subprocess.DEVNULL, stderr=out)
    try:
        try:
            wait_for_port(port)
            if websockets:
                wait_for_port(websockets)
        except TimeoutError as exc:
            said = log.read_text(errors="replace")[-2000:]
            raise TimeoutError(f"mosquitto did not start ({exc}; exit code {proc.poll()}): "
                               f"{said}") from None
        yield port
    finally:
        proc.terminate()
        proc.wait(5)
