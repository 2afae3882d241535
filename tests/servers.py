"""Real servers for integration tests: mosquitto, PostgreSQL and the station's web server
(uvicorn, as `basestation serve` runs it) on free loopback ports."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from simulator import broker
from simulator.broker import free_port, mosquitto_binary, run_mosquitto, wait_for_port

if TYPE_CHECKING:
    from basestation.api.limits import Limits
    from basestation.api.serving import ServerLimits
    from basestation.station.app import Station

__all__ = ["free_port", "mosquitto_binary", "run_mosquitto", "run_postgres", "serve_station",
           "wait_for_port"]


@contextlib.asynccontextmanager
async def serve_station(station: Station, *, limits: Limits | None = None,
                        server_limits: ServerLimits | None = None, port: int | None = None,
                        **options: Any) -> AsyncIterator[str]:
    """The station's app on the real web server (basestation.api.serving, as `serve` runs
    it) in this event loop, on `port` or a free loopback port; yields its base URL. The
    station is started and stopped by the caller; leaving the block drops every stream."""
    from basestation.api.app import create_app
    from basestation.api.serving import server

    port = port or free_port()
    app = create_app(station, manage_station=False, limits=limits)
    running = server(app, "127.0.0.1", port, limits=server_limits, lifespan="off",
                     timeout_graceful_shutdown=1, **options)
    task = asyncio.create_task(running.serve())
    async with asyncio.timeout(10):
        while not running.started:
            await asyncio.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        await task


def picks(monkeypatch: pytest.MonkeyPatch, *ports: int, where: ModuleType = broker) -> list[int]:
    """`where`'s free_port answers `ports` first (as if each were free when asked), then free
    ones; what is left of `ports`."""
    queue = list(ports)
    real = broker.free_port
    monkeypatch.setattr(where, "free_port", lambda: queue.pop(0) if queue else real())
    return queue


@contextlib.contextmanager
def held_while_mosquitto_starts(monkeypatch: pytest.MonkeyPatch,
                                host: str = "127.0.0.1") -> Iterator[int]:
    """A port another program holds (listening on `host`) when the first mosquitto starts,
    and lets go of as soon as that mosquitto has given up: by the time anyone looks, it is
    free again, as a passing connection's port is."""
    holder = socket.socket()
    holder.bind((host, 0))
    holder.listen()
    real = subprocess.Popen

    def popen(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        started: subprocess.Popen[bytes] = real(*args, **kwargs)
        if holder.fileno() != -1:
            started.wait(10)  # mosquitto exits at once: it cannot listen there
            holder.close()
        return started

    monkeypatch.setattr(subprocess, "Popen", popen)  # as simulator.broker starts mosquitto
    try:
        yield holder.getsockname()[1]
    finally:
        holder.close()


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


@dataclass
class Demo:
    """`basestation demo` running as its own process, its output read line by line."""

    process: asyncio.subprocess.Process
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    readers: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def printed(self) -> str:
        return "".join(self.out)

    def said(self) -> str:
        return "".join(self.out + self.err)

    async def printed_line(self, words: str, timeout: float = 90) -> None:
        """Until the demo has printed `words` (a busy machine starts it slowly)."""
        async with asyncio.timeout(timeout):
            while words not in self.printed:
                assert self.process.returncode is None, self.said()
                await asyncio.sleep(0.1)

    async def ended(self, timeout: float = 30) -> int:
        """Its exit code, once it has ended and all it said is read."""
        async with asyncio.timeout(timeout):
            code = await self.process.wait()
            await asyncio.gather(*self.readers)
        return code

    def children(self) -> dict[int, str]:
        """The processes it started and has not ended (pid: program name), from /proc."""
        found = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                text = stat.read_text()
                name, rest = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")"):]
                if int(rest.split()[2]) == self.process.pid:  # fields after ")": state, ppid
                    found[int(stat.parent.name)] = name
        return found


async def _lines(stream: asyncio.StreamReader | None, into: list[str]) -> None:
    assert stream is not None
    while line := await stream.readline():
        into.append(line.decode(errors="replace"))


@contextlib.asynccontextmanager
async def started_demo(*args: str) -> AsyncIterator[Demo]:
    """Starts `basestation demo ARGS`; on leaving, kills it if it still runs."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "basestation", "demo", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    demo = Demo(process)
    demo.readers = [asyncio.create_task(_lines(process.stdout, demo.out)),
                    asyncio.create_task(_lines(process.stderr, demo.err))]
    try:
        yield demo
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        for reader in demo.readers:
            reader.cancel()


@contextlib.asynccontextmanager
async def running_demo(*args: str) -> AsyncIterator[Demo]:
    """Starts `basestation demo ARGS`; on leaving, checks it is still running without a
    traceback, then stops it as Ctrl-C would (killed if it does not stop within 15 s)."""
    async with started_demo(*args) as demo:
        yield demo
        assert demo.process.returncode is None, demo.said()
        assert "Traceback" not in "".join(demo.err), "".join(demo.err)
        demo.process.send_signal(signal.SIGINT)
        with contextlib.suppress(TimeoutError):
            await demo.ended(15)


def fresh_database(path: Path, migrated: Path) -> str:
    """The URL of a station database at `path`, a copy of `migrated` (the migrated_database
    fixture) if none is there yet: a test's new station does not run every migration again,
    40 ms of CPU each time."""
    if not path.exists():
        shutil.copyfile(migrated, path)
    return f"sqlite:///{path}"
