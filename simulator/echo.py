"""The bench's baselines: the station's own MQTT link with its hub replaced by one that
decides nothing. `echo` acks every message at once; `durable_echo` first writes each message
in a SQLite row, committed as the station commits (WAL, synchronous FULL, a batch of what
came meanwhile in one transaction, off the event loop), and acks once it is on disk."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

from firmware_protocol.messages import Ack, Message
from firmware_protocol.security import unit_key


class _Everyone:
    """The echo hub's units: every unit is one it knows."""

    def __contains__(self, unit: object) -> bool:
        return True


class EchoHub:
    """In place of the station's hub: every message the link hands on is acked at once,
    nothing decided, nothing stored."""

    def __init__(self, secret: str) -> None:
        self.secret = secret
        self.keys: dict[int, bytes] = {}
        self.units = _Everyone()

    def submit(self, inbound: Any) -> bool:
        self.ack(inbound)
        return True

    def ack(self, inbound: Any) -> None:
        message = inbound.received.message
        key = self.keys.get(message.unit) or self.keys.setdefault(
            message.unit, unit_key(self.secret, message.unit))
        inbound.link.send(Message(message.unit, message.seq, Ack(re=message.seq)), key)

    def has_room(self) -> bool:
        return True

    def turned_away(self, unit: int) -> bool:
        return False

    def dropped_unread(self, unit: int) -> None: ...

    def dropped_stranger(self) -> None: ...

    def refuse(self, link: Any, error: Any) -> None: ...

    def close(self) -> None: ...


class DurableEchoHub(EchoHub):
    """As `EchoHub`, but each message is on disk before it is acked: the floor of any station
    that stores what it acknowledges in its own process."""

    def __init__(self, secret: str, path: Path) -> None:
        super().__init__(secret)
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE message (unit INTEGER, seq INTEGER, type TEXT, signed BLOB)")
        self.waiting: list[Any] = []
        self.writer: asyncio.Task[None] | None = None

    def submit(self, inbound: Any) -> bool:
        self.waiting.append(inbound)
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write())
        return True

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            rows = [(i.received.message.unit, i.received.message.seq,
                     i.received.message.type.name, i.received.signed) for i in batch]
            await asyncio.to_thread(self._commit, rows)
            for inbound in batch:
                self.ack(inbound)

    def _commit(self, rows: list[tuple[int, int, str, bytes]]) -> None:
        self.db.execute("BEGIN")
        self.db.executemany("INSERT INTO message VALUES (?, ?, ?, ?)", rows)
        self.db.execute("COMMIT")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.cancel()
        self.db.close()


def echo(port: int, hub: EchoHub) -> Any:
    """The station's own MQTT link (the same client, reading and decoding) on `hub`."""
    from basestation.station.links.mqtt import MqttLink

    return MqttLink(cast(Any, hub), f"mqtt://127.0.0.1:{port}", "club")


@contextlib.asynccontextmanager
async def echoing(port: int, hub: EchoHub) -> AsyncIterator[None]:
    """The echo on the broker at `port`, connected, until the block ends; `hub` closed."""
    link = echo(port, hub)
    running = asyncio.create_task(link.run())
    try:
        await asyncio.wait_for(link.connected.wait(), 10)
        yield
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
        hub.close()
