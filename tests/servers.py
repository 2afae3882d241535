"""Real servers for integration tests: mosquitto and PostgreSQL on free loopback ports."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


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


@contextlib.contextmanager
def run_mosquitto(extra_config: str = "allow_anonymous true\n",
                  port: int | None = None) -> Iterator[int]:
    """A mosquitto broker on a free port, stopped afterwards."""
    port = port or free_port()
    with tempfile.TemporaryDirectory() as tmp:
        conf = Path(tmp) / "mosquitto.conf"
        conf.write_text(f"listener {port} 127.0.0.1\n{extra_config}persistence false\n")
        proc = subprocess.Popen([mosquitto_binary(), "-c", str(conf)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for_port(port)
            yield port
        finally:
            proc.terminate()
            proc.wait(5)


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: run scripts/setup.sh")
    return found[-1]


@contextlib.contextmanager
def run_postgres() -> Iterator[str]:
    """A throw-away PostgreSQL cluster; yields a SQLAlchemy URL to an empty database."""
    port = free_port()
    tmp = tempfile.mkdtemp(prefix="pg-")
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        pw = pwd.getpwnam("postgres")
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
    data = os.path.join(tmp, "data")
    user = "postgres" if as_user else pwd.getpwuid(os.geteuid()).pw_name
    try:
        subprocess.run([*as_user, _pg_bin("initdb"), "-D", data, "-A", "trust", "-U", user],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run([*as_user, _pg_bin("pg_ctl"), "-D", data, "-w", "-l",
                        os.path.join(tmp, "log"), "-o",
                        f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1 -c fsync=on",
                        "start"], check=True, stdout=subprocess.DEVNULL)
        yield f"postgresql+psycopg://{user}@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, _pg_bin("pg_ctl"), "-D", data, "-m", "immediate", "stop"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(tmp, ignore_errors=True)
