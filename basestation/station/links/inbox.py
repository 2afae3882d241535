"""What the MQTT link has read from the broker and not yet handled: a lane per unit's topic,
served in turn (fairness per unit before anything is decoded).

The broker's client reads everything the socket holds at once, faster than messages are
decoded and handed to the hub, so under a flood this is where they wait. In one line, another
pad's message would wait behind all of a flooding unit's; here it waits for one message of
each other unit at most, and a unit holding more than a pad ever sends at once has the rest
dropped unread (counted: the hub names it on the grid). Messages on other topics (the
broker's own answers) are never dropped.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from firmware_protocol import topics

UNIT_INBOX = 8  # a unit's messages waiting here at most: a pad has one in flight (SPEC.md 6.6)


@dataclass(frozen=True, slots=True)
class Read:
    """One message read from the broker: its topic, what it carried, and whether its sender
    asked the broker to keep it (MQTT 5 keeps that flag for the station's subscriptions)."""

    topic: str
    payload: bytes
    retain: bool = False


class UnitInbox(asyncio.Queue[Read]):
    """An asyncio queue of messages read (`Read`), taken round-robin by the unit in their
    topic. `maxsize` bounds the whole inbox; `dropped(unit)` is told of each message a unit's
    full lane dropped.
    """

    def __init__(self, maxsize: int = 0, *, dropped: Callable[[int], None] = lambda _: None,
                 per_unit: int = UNIT_INBOX) -> None:
        self.dropped = dropped
        self.per_unit = per_unit
        super().__init__(maxsize)

    def _init(self, maxsize: int) -> None:
        self._lanes: dict[int | None, deque[Read]] = {}
        self._queue = self._ring = deque[int | None]()  # lanes holding something, in turn
        self._count = 0

    def _put(self, item: Read) -> None:
        unit = topics.unit_of(item.topic)
        lane = self._lanes.get(unit)
        if lane is None:
            lane = self._lanes[unit] = deque()
        if unit is not None and len(lane) >= self.per_unit:
            self.dropped(unit)
            return
        if not lane:
            self._ring.append(unit)
        lane.append(item)
        self._count += 1

    def _get(self) -> Read:
        unit = self._ring[0]
        lane = self._lanes[unit]
        item = lane.popleft()
        self._count -= 1
        if lane:
            self._ring.rotate(-1)
        else:
            self._ring.popleft()
            del self._lanes[unit]
        return item

    def qsize(self) -> int:
        return self._count
