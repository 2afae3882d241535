"""The internal event bus: the grid and rankings subscribe; the hub publishes after commit."""

from __future__ import annotations

import asyncio
from typing import Any

Event = dict[str, Any]


class EventBus:
    """Fan-out of station events to any number of subscribers, each with a bounded queue."""

    def __init__(self, depth: int = 10_000) -> None:
        self._subscribers: set[asyncio.Queue[Event]] = set()
        self._depth = depth
        self.dropped = 0

    def subscribe(self) -> asyncio.Queue[Event]:
        queue: asyncio.Queue[Event] = asyncio.Queue(self._depth)
        self._subscribers.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[Event]) -> None:
        self._subscribers.discard(queue)

    def publish(self, event: Event) -> None:
        for queue in self._subscribers:
            try:
                queue.put_nowait(event)
            except asyncio.QueueFull:
                # A stalled page must not stall the station; it resyncs from a snapshot.
                self.dropped += 1
