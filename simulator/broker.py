"""A local mosquitto broker on a free loopback port (tests, the demo, the load generator)."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from basestation.formats.mosquitto import initial_config

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
    anonymous clients refused, `admin` (the station's login) the plugin's admin, every client's
    id its login (`use_username_as_clientid`: a pad's login connects only as itself). In `folder`
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


# How many times a broker is started again on fresh ports when a port picked for it is taken
# by another program before mosquitto binds it (the machine is shared: tests, other brokers).
PORT_TRIES = 5


# How long mosquitto must keep running after its ports answer when its log says nothing.
SETTLE = 0.5


class PortTaken(RuntimeError):
    """A port the broker was to listen on is held by another program."""

    def __init__(self, port: int, what: str = "the MQTT broker") -> None:
        super().__init__(f"port {port} on this computer is taken by another program, so "
                         f"{what} cannot listen there; stop that program or choose another "
                         "port")
        self.port = port


@contextlib.contextmanager
def run_mosquitto(extra_config: str = "allow_anonymous true\n",
                  port: int | None = None, websockets: int | None = None,
                  dynsec: Dynsec | None = None,
                  websockets_host: str = "127.0.0.1") -> Iterator[int]:
    """A mosquitto broker on a free port, stopped afterwards; with `websockets`, a second
    listener on that port speaks MQTT over WebSockets (the browser pad's way in); with
    `dynsec`, logins and ACLs come from the dynamic-security plugin (on both listeners).
    `websockets_host` "0.0.0.0" lets phones on the network reach the WebSockets listener.

    A port picked here that another program takes before mosquitto binds it is picked again
    (PORT_TRIES times); a port the caller gave that is taken raises PortTaken."""
    # A listener's own setting (every listener of deploy/'s pads has it).
    per_listener = "use_username_as_clientid true\n" if dynsec is not None else ""
    with tempfile.TemporaryDirectory() as tmp:
        if dynsec is not None:
            extra_config = dynsec.config(Path(tmp))
            if os.geteuid() == 0:  # mosquitto would drop to a user that cannot write tmp files
                extra_config = "user root\n" + extra_config
        conf = Path(tmp) / "mosquitto.conf"
        for attempt in range(1, PORT_TRIES + 1):
            chosen = port or free_port()
            ws = (f"listener {websockets} {websockets_host}\nprotocol websockets\n{per_listener}"
                  if websockets else "")
            # set_tcp_nodelay: without it every message waits on Nagle and delayed acks;
            # max_inflight_messages as deploy/ sets it (the station's window of answers).
            conf.write_text(f"listener {chosen} 127.0.0.1\n{per_listener}{ws}{extra_config}"
                            "persistence false\nset_tcp_nodelay true\n"
                            "max_inflight_messages 1000\n")
            try:
                proc = _start(conf, chosen, websockets)
            except PortTaken as taken:
                if port is None and taken.port == chosen and attempt < PORT_TRIES:
                    continue  # ours to pick: another one
                raise
            try:
                yield chosen
            finally:
                _stop(proc)
            return


@contextlib.contextmanager
def run_mosquitto_on_free_ports(websockets_host: str = "127.0.0.1",
                                ) -> Iterator[tuple[int, int]]:
    """A broker with a WebSockets listener, both on ports picked here (again when another
    program takes one first); yields (MQTT port, WebSockets port)."""
    for attempt in range(1, PORT_TRIES + 1):
        websockets = free_port()
        stack = contextlib.ExitStack()
        try:
            port = stack.enter_context(run_mosquitto(websockets=websockets,
                                                     websockets_host=websockets_host))
        except PortTaken as taken:
            if taken.port != websockets or attempt == PORT_TRIES:
                raise
            continue
        with stack:
            yield port, websockets
        return


@contextlib.contextmanager
def run_mosquitto_conf(conf: Path, *ports: int) -> Iterator[None]:
    """mosquitto with a whole configuration file of the caller's, listening on every one of
    `ports` (its listeners'); PortTaken if another program holds one."""
    proc = _start(conf, *ports)
    try:
        yield
    finally:
        _stop(proc)


def _start(conf: Path, *ports: int | None) -> subprocess.Popen[bytes]:
    """mosquitto started on `conf`, once it listens on its ports (None: no such listener)."""
    log = conf.with_suffix(".log")
    with log.open("wb") as out:
        proc = subprocess.Popen([mosquitto_binary(), "-c", str(conf)],
                                stdout=subprocess.DEVNULL, stderr=out)
    try:
        _wait_listening(proc, log, [port for port in ports if port])
    except BaseException:
        _stop(proc)
        raise
    return proc


def _wait_listening(proc: subprocess.Popen[bytes], log: Path, ports: list[int],
                    timeout: float = 10.0) -> None:
    """Until mosquitto listens on every port: a port answering is not enough, as another
    program may be the one answering, so mosquitto must also still run, and say it runs where
    it logs here (it exits at once when it cannot bind a port). A port it says it could not
    bind is PortTaken, even when free again by now: the program that held it may have let go
    since (a passing connection's port), or held it on another address only."""
    start = time.monotonic()
    answered: float | None = None  # when every port first answered
    while True:
        said = log.read_text(errors="replace")
        code = proc.poll()
        if code is not None:
            refused = _unbound_port(said)
            if refused in ports:  # by its own words, even if the other program let go since
                raise PortTaken(refused)
            for port in ports:
                if port_in_use(port):  # mosquitto holds nothing now: another program does
                    raise PortTaken(port)
            raise RuntimeError(f"mosquitto stopped as it started (exit code {code}): "
                               f"{said[-2000:]}")
        now = time.monotonic()
        if answered is None and all(_answers(port) for port in ports):
            answered = now
        # "running" is logged once every listener is bound; a configuration that logs
        # elsewhere (or only notices) says nothing here: then mosquitto still running a
        # while after the ports answer shows the ports are its own (a port it cannot bind
        # makes it exit at once).
        if answered is not None and ("running" in said or now - answered > SETTLE):
            return
        if now - start > timeout:
            raise TimeoutError(f"mosquitto did not start (nothing listening on port "
                               f"{ports}): {said[-2000:]}")
        time.sleep(0.05)


def _unbound_port(log: str) -> int | None:
    """The port mosquitto's log says it could not listen on, if it says so: a WebSockets
    listener names it, a TCP one names it on the line before "Address already in use"."""
    if found := _WEBSOCKETS_UNBOUND.search(log):
        return int(found.group(1))
    if found := _TCP_UNBOUND.search(log):
        return int(found.group(1))
    return None


_WEBSOCKETS_UNBOUND = re.compile(r"Unable to create websockets listener on port (\d+)")
_TCP_UNBOUND = re.compile(r"listen socket on port (\d+)\.\s*\n[^\n]*Error: Address already in "
                          r"use")


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
