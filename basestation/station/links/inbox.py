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
    topic. `maxsize` bounds the whole inbox; `dropped(unit)` is told of each message a known
    unit's full lane dropped.

    Units the station knows (`known`: paired, or heard with a good tag; and the broker's own
    answers) and the others are two rings taken in turn, one message of each at a time, so
    a stranger's frames claiming thousands of unit ids (on a broker without logins anyone
    may publish on any unit's topic) delay a known pad's message by one message each pass,
    not by one per claimed unit. The others hold half the inbox at most; what they send
    beyond their lane or that half is dropped unread and told to `strangers()`.
    """

    def __init__(self, maxsize: int = 0, *, dropped: Callable[[int], None] = lambda _: None,
                 per_unit: int = UNIT_INBOX, known: Callable[[int], bool] = lambda _: True,
                 strangers: Callable[[], None] = lambda: None) -> None:
        self.dropped = dropped
        self.per_unit = per_unit
        self.known = known
        self.strangers = strangers
        self.others_most = maxsize // 2 if maxsize > 0 else 0  # 0: no share of their own
        super().__init__(maxsize)

    def _init(self, maxsize: int) -> None:
        self._lanes: dict[int | None, deque[Read]] = {}
        self._stranger: set[int | None] = set()  # lanes of units the station does not know
        self._rings = (deque[int | None](), deque[int | None]())  # known, others: in turn
        self._queue = self._rings[0]
        self._count = self._others = 0
        self._next_other = False

    def _put(self, item: Read) -> None:
        unit = topics.unit_of(item.topic)
        lane = self._lanes.get(unit)
        if lane is None:
            lane = self._lanes[unit] = deque()
            if unit is not None and not self.known(unit):
                self._stranger.add(unit)
        other = unit in self._stranger
        if other and (len(lane) >= self.per_unit
                      or (self.others_most and self._others >= self.others_most)):
            if not lane:
                self._forget(unit)
            self.strangers()
            return
        if unit is not None and len(lane) >= self.per_unit:
            self.dropped(unit)
            return
        if not lane:
            self._rings[other].append(unit)
        lane.append(item)
        self._count += 1
        self._others += other

    def _get(self) -> Read:
        known, others = self._rings
        ring = others if others and (self._next_other or not known) else known
        self._next_other = ring is known
        unit = ring[0]
        lane = self._lanes[unit]
        item = lane.popleft()
        self._count -= 1
        if ring is others:
            self._others -= 1
        if lane:
            ring.rotate(-1)
        else:
            ring.popleft()
            self._forget(unit)
        return item

    def _forget(self, unit: int | None) -> None:
        del self._lanes[unit]
        self._stranger.discard(unit)

    def qsize(self) -> int:
        return self._count

    def empty(self) -> bool:
        return self._count == 0
