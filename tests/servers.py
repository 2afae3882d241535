"""Real servers for integration tests: mosquitto and PostgreSQL on free loopback ports."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

from simulator.broker import free_port, mosquitto_binary, run_mosquitto, wait_for_port

__all__ = ["free_port", "mosquitto_binary", "run_mosquitto", "run_postgres", "wait_for_port"]


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
