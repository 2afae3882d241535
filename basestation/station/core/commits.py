"""The hub's way to the database: a batch's operations committed in one transaction, and the
snapshot memory is rebuilt from, each waiting out a database that is unavailable (locked,
stopped, its file unreadable, the connection lost) with a growing pause; the grid is told
when it goes and when it is back. Anything else the database refuses is raised."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from sqlalchemy import exc as sa_exc

from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import DatabaseBack, DatabaseUnavailable
from basestation.store import repository as repo
from basestation.store.repository import Snapshot, Store

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_FIRST, RETRY_MOST = 0.1, 2.0  # seconds between tries while the database is unavailable


def unavailable(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached or written just now (locked, stopped,
    its file unreadable, the connection lost), rather than that it refused what was asked."""
    if isinstance(exc, sa_exc.DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, sa_exc.OperationalError | sa_exc.InterfaceError
                      | sa_exc.TimeoutError | sqlite3.OperationalError | OSError)


class Commits:
    """Commits and reads for the hub, through the database's outages."""

    def __init__(self, store: Store, bus: EventBus) -> None:
        self.store = store
        self.bus = bus
        self.down_since: datetime | None = None  # the database stopped answering then
        self.failures = 0  # tries that found it unavailable

    async def commit(self, ops: list[repo.Op]) -> None:
        """Commits `ops`, waiting out a database that is unavailable (locked, stopped, its file
        unreadable): the transaction is rolled back and tried again until it goes through.
        Anything else (a row the database refuses) is raised."""
        await self.until_available(self.store.commit, ops)

    async def snapshot(self) -> Snapshot:
        """The database read (off the loop) to rebuild memory from, waiting for it if it is
        unavailable."""
        return await self.until_available(self.store.snapshot)

    async def until_available(self, work: Callable[..., T], *args: object) -> T:
        """Runs `work` off the loop, again after a growing pause for as long as it fails
        because the database is unavailable; any other failure is raised."""
        pause = RETRY_FIRST
        while True:
            try:
                done = await asyncio.to_thread(work, *args)
            except Exception as exc:
                if not unavailable(exc):
                    raise
                self._down(exc)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MOST)
                continue
            self._up()
            return done

    def _down(self, exc: BaseException) -> None:
        self.failures += 1
        if self.down_since is None:
            self.down_since = datetime.now(UTC)
            log.error("the database is unavailable (%s); holding answers until it is back",
                      exc)
            self.bus.publish(DatabaseUnavailable())

    def _up(self) -> None:
        if self.down_since is not None:
            down = datetime.now(UTC) - self.down_since
            log.warning("the database is back after %.1f s", down.total_seconds())
            self.down_since = None
            self.bus.publish(DatabaseBack())
