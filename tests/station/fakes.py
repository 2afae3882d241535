"""An in-memory link and a hub on a throw-away SQLite store: the hub and the session rules
exercised without a broker or a radio (unit tests only), the hub driven by its test step
(`Hub.step`): `await made.hub.step(inbound(...))` for a pad's message, `await turns(made,
made.director.close_round("A"))` for a director's command."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.core.hub import Inbound, Step
from basestation.station.session import par as par_module
from basestation.station.session.feedback import par_rows
from firmware_protocol import jsonwire
from firmware_protocol.messages import Body, Message
from firmware_protocol.security import unit_key

SECRET = "change-me"
T = TypeVar("T")
DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@dataclass
class FakeLink:
    """A link that keeps what the station sends, in order, instead of transmitting it."""

    name: str = "fake"
    sent: list[Message] = field(default_factory=list)

    def fit(self, body: Body) -> list[Body]:
        return [body]

    def send(self, message: Message, key: bytes) -> None:
        self.sent.append(message)

    def to(self, unit: int) -> list[Body]:
        """What unit `unit` was sent, and forgets it."""
        return [m.body for m in self.messages_to(unit)]

    def messages_to(self, unit: int) -> list[Message]:
        """The whole messages unit `unit` was sent (version, event), and forgets them."""
        mine = [m for m in self.sent if m.unit == unit]
        self.sent = [m for m in self.sent if m.unit != unit]
        return mine


def inbound(link: FakeLink, unit: int, seq: int, body: Body, *,
            secret: str = SECRET, v: int = 1, event: int = 0) -> Inbound:
    """A pad's message as the link hands it to the hub: encoded, tagged and decoded again."""
    data = jsonwire.encode(Message(unit=unit, seq=seq, body=body, v=v, event=event),
                           unit_key(secret, unit))
    return Inbound(jsonwire.decode(data), link)


def station(tmp: Path, *, tables: int = 3, boards: int = 6,
            feedback: frozenset[str] = frozenset()) -> Station:
    """A station (never started: no links, no tasks) with one Mitchell section open."""
    config = StationConfig(id="club", secret=SECRET, database=f"sqlite:///{tmp / 'station.db'}",
                           feedback=feedback)
    made = Station(config, director_pin="4321")
    made.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", tables, boards)],
                    {"A": {1: DEAL_1}})
    return made


async def turns(made: Station, work: Awaitable[T]) -> T:
    """`work` (a director's command, or the hub's actions one after another) run to its end,
    the hub stepped whenever something waits in it, as its loop would (`Hub.step`)."""
    task = asyncio.ensure_future(work)
    async with asyncio.timeout(30):
        while not task.done():
            stepped = await made.hub.step() if made.hub.queued else Step()
            if not stepped.taken:
                await asyncio.wait({task}, timeout=0.001)
    return await task


@asynccontextmanager
async def par_held_back(tmp: Path, monkeypatch: pytest.MonkeyPatch,
                        ) -> AsyncIterator[tuple[Station, FakeLink, threading.Event]]:
    """A station sending travellers and pars, its hub running, whose par solver answers only
    once `release` is set: (the station, a pad's link, release)."""
    release = threading.Event()

    def slow_par(deal: str, board: int) -> Any:
        release.wait(30)
        return par_rows(deal, board)

    monkeypatch.setattr(par_module, "par_rows", slow_par)
    made = station(tmp, feedback=frozenset({"traveller", "par"}))
    link = FakeLink()
    hub = asyncio.create_task(made.hub.run())
    try:
        yield made, link, release
    finally:
        hub.cancel()
        release.set()
        made.rules.session.par.close()
