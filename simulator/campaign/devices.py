"""Things the campaign breaks on purpose: a broker to restart, a receiver to unplug, a
database to lock."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import sqlite3
import tempfile
import termios
import tty
from pathlib import Path

from firmware_protocol import binary
from simulator.broker import PORT_TRIES, Dynsec, PortTaken, free_port, run_mosquitto
from simulator.radio import AirFaults, VirtualRadio


class RestartableBroker:
    """A mosquitto on a fixed port that can be stopped and started again (no persistence:
    whatever was in flight is gone, as after a power cut). With `websockets`, it also has the
    browser pads' listener (MQTT over WebSockets) on `websockets_port`."""

    def __init__(self, *, websockets: bool = False, dynsec: Dynsec | None = None) -> None:
        self.port = free_port()
        self.websockets_port = free_port() if websockets else None
        # Secured as deploy/ ships it: logins kept by the dynamic-security plugin in its file,
        # which a restart reads again.
        self.dynsec = dynsec
        self._stack = contextlib.ExitStack()
        self._started = False

    def start(self) -> None:
        """Starts the broker; the first time, ports another program took since they were
        picked are picked again (read `port` after this). A restart keeps its ports."""
        for attempt in range(1, PORT_TRIES + 1):
            try:
                self._stack.enter_context(run_mosquitto(
                    port=self.port, websockets=self.websockets_port, dynsec=self.dynsec))
            except PortTaken:
                if self._started or attempt == PORT_TRIES:
                    raise
                self.port = free_port()
                self.websockets_port = self.websockets_port and free_port()
                continue
            self._started = True
            return

    def stop(self) -> None:
        self._stack.close()

    async def restart(self, down_for: float) -> None:
        await asyncio.to_thread(self.stop)
        await asyncio.sleep(down_for)
        await asyncio.to_thread(self.start)


class ReplugRadio(VirtualRadio):
    """A virtual radio whose receiver can be pulled out and plugged back in: the pty pair
    is closed (the station's port fails) and a new one opened, with the pads still attached.

    The station opens a stable name, as a club's /dev/serial/by-id/ link: a pty's own name is
    freed when it closes and another program's new pty may take it before the replug."""

    def __init__(self, faults: AirFaults | None = None, rng: random.Random | None = None) -> None:
        super().__init__(faults, rng)
        self._links = tempfile.mkdtemp(prefix="receiver-")
        self._pty = self.port
        self.port = os.path.join(self._links, "by-id")
        os.symlink(self._pty, self.port)

    def unplug(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.port)
        super().close()
        self._pending.clear()

    def replug(self) -> str:
        """A fresh pair behind the same name; returns that name for the station to reopen."""
        self.master, self._slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self._slave, termios.TCSANOW)
        self._pty = os.ttyname(self._slave)
        os.symlink(self._pty, self.port)
        os.set_blocking(self.master, False)
        self._decoder = binary.FrameDecoder()
        self._loop.add_reader(self.master, self._readable)
        self._closed = False
        return self.port

    def close(self) -> None:
        if not self._closed:
            super().close()
        shutil.rmtree(self._links, ignore_errors=True)


async def lock_database(path: Path, seconds: float) -> None:
    """Another program holds SQLite's write lock for a while (a backup tool, a careless query)."""
    conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    try:
        await asyncio.to_thread(conn.execute, "BEGIN EXCLUSIVE")  # waits out a commit
        await asyncio.sleep(seconds)
        conn.execute("ROLLBACK")
    finally:
        conn.close()

