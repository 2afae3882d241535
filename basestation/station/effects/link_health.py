"""Whether each link to the pads is up. A broker connection lost or a radio receiver unplugged
is said on the grid within a second or so, and the tables it serves show out of contact until
it is back (docs/ARCHITECTURE.md, "Link health")."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import Alerted, AlertKind, Event

WATCH_EVERY = 0.5  # seconds between looks at the links
GRACE = timedelta(seconds=3)  # a link may take this long to connect at start


class WatchedLink(Protocol):
    name: str  # "mqtt:<host>:<port>" or "serial:<port>"

    @property
    def connected(self) -> asyncio.Event: ...


@dataclass(frozen=True)
class LinkDown:
    """A link that is down: since when, and whether it had been up (lost) or never was."""

    name: str
    since: datetime
    lost: bool

    def to_json(self) -> dict[str, Any]:
        kind, _, where = self.name.partition(":")
        return {"link": self.name, "link_kind": kind, "where": where,
                "since": self.since.isoformat(), "lost": self.lost}


@dataclass(frozen=True)
class LinkWentDown(Alerted):
    KIND = AlertKind.LINK_DOWN
    down: LinkDown

    def to_json(self) -> Event:
        return {**self._head(), **self.down.to_json()}


@dataclass(frozen=True)
class LinkBack(Alerted):
    KIND = AlertKind.LINK_BACK
    down: LinkDown
    back: datetime

    def to_json(self) -> Event:
        return {**self._head(), **self.down.to_json(), "back": self.back.isoformat()}


class LinkHealth:
    """Follows each link's `connected` flag; publishes `link_down` and `link_back` alerts."""

    def __init__(self, bus: EventBus, *, grace: timedelta = GRACE,
                 every: float = WATCH_EVERY) -> None:
        self.bus = bus
        self.grace = grace
        self.every = every
        self.down: dict[str, LinkDown] = {}

    def since(self, name: str) -> datetime | None:
        down = self.down.get(name)
        return None if down is None else down.since

    def went_down(self, name: str, *, lost: bool, now: datetime | None = None) -> None:
        if name in self.down:
            return
        self.down[name] = LinkDown(name, now or datetime.now(UTC), lost)
        self.bus.publish(LinkWentDown(self.down[name]))

    def went_up(self, name: str, now: datetime | None = None) -> None:
        gone = self.down.pop(name, None)
        if gone is not None:
            self.bus.publish(LinkBack(gone, now or datetime.now(UTC)))

    async def follow(self, link: WatchedLink) -> None:
        """Coming up is seen at once (the flag is awaited); going down within `every`."""
        try:
            async with asyncio.timeout(self.grace.total_seconds()):
                await link.connected.wait()
        except TimeoutError:
            self.went_down(link.name, lost=False)  # never reached since the start
        while True:
            await link.connected.wait()
            self.went_up(link.name)
            while link.connected.is_set():
                await asyncio.sleep(self.every)
            self.went_down(link.name, lost=True)

    async def watch(self, links: Sequence[WatchedLink]) -> None:
        """Follows every link of a (re)started station until cancelled."""
        self.down.clear()
        async with asyncio.TaskGroup() as group:
            for link in links:
                group.create_task(self.follow(link), name=f"health:{link.name}")


__all__ = ["GRACE", "WATCH_EVERY", "LinkDown", "LinkHealth"]
