"""The internal event bus: the grid and rankings subscribe; the hub publishes after commit.

It carries the event objects (effects/events.py); a page's stream turns each into JSON as it
sends it (api/readmodel.py).

Each event gets the next position of this bus. The last `KEPT` are kept, so a page's live
stream that reconnects is sent what it missed, from its last position on (`follow`); the
bus's `epoch` tells a position of this process's bus from one of an earlier run.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import deque

from basestation.station.effects.events import BusEvent

KEPT = 4096  # about 17 rounds of a 120-table room's results


class Follower:
    """One page's stream: the events after a position, each with its own position.

    A stream takes every event waiting at once (`take`), so a burst of results costs it one
    wake-up and one write, however busy the loop is."""

    def __init__(self, depth: int) -> None:
        self.waiting: deque[tuple[int, BusEvent]] = deque()
        self._depth = depth
        self._arrived = asyncio.Event()
        # Some events after the page's position are not waiting (no longer kept, or more
        # than `depth` waited): the page must read the whole grid again.
        self.behind = False

    def put(self, position: int, event: BusEvent) -> None:
        if len(self.waiting) >= self._depth:
            self.behind = True
            return
        self.waiting.append((position, event))
        self._arrived.set()

    def caught_up(self) -> None:
        """The page was told to read afresh: what was waiting is older than that read."""
        self.waiting.clear()
        self.behind = False

    async def take(self, wait: float) -> list[tuple[int, BusEvent]]:
        """Every event waiting, in order; if none, the first to come within `wait` seconds
        with any that came with it (none: the wait ran out)."""
        if not self.waiting:
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._arrived.wait()
        taken = list(self.waiting)
        self.waiting.clear()
        return taken


class EventBus:
    """Fan-out of station events to any number of subscribers, each with a bounded queue."""

    def __init__(self, depth: int = 10_000, kept: int = KEPT) -> None:
        self._subscribers: set[asyncio.Queue[BusEvent]] = set()
        self._followers: set[Follower] = set()
        self._kept: deque[tuple[int, BusEvent]] = deque(maxlen=kept)
        self._depth = depth
        self.dropped = 0
        self.epoch = secrets.token_hex(4)
        self.position = 0

    def subscribe(self) -> asyncio.Queue[BusEvent]:
        queue: asyncio.Queue[BusEvent] = asyncio.Queue(self._depth)
        self._subscribers.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[BusEvent]) -> None:
        self._subscribers.discard(queue)

    def follow(self, since: int | None) -> Follower:
        """A follower given every event after position `since` (the kept ones at once), then
        each as it is published; `behind` if some after `since` are no longer kept (or
        `since` is None: a page that has read nothing yet)."""
        follower = Follower(self._depth)
        if since is None or since > self.position:
            follower.behind = True
        else:
            oldest = self._kept[0][0] if self._kept else self.position + 1
            follower.behind = since + 1 < oldest
            for position, event in self._kept:
                if position > since:
                    follower.put(position, event)
        self._followers.add(follower)
        return follower

    def unfollow(self, follower: Follower) -> None:
        self._followers.discard(follower)

    def publish(self, event: BusEvent) -> None:
        self.position += 1
        self._kept.append((self.position, event))
        for queue in self._subscribers:
            try:
                queue.put_nowait(event)
            except asyncio.QueueFull:
                # A stalled listener must not stall the station.
                self.dropped += 1
        for follower in self._followers:
            follower.put(self.position, event)
