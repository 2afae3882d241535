"""Runs one pad's state machine in asyncio: the clock, the timers, and a transport."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from firmware_protocol.messages import Message, Received
from simulator.notices import Notice
from simulator.pad import Pad

Transmit = Callable[[Message], None]


class PadDriver:
    """Feeds a Pad the time and the station's messages; hands its messages to `transmit`.

    `notices` is the players' view of the pad (answers, game data, lock-outs), in order.
    """

    def __init__(self, pad: Pad, transmit: Transmit,
                 notices: asyncio.Queue[Notice] | None = None) -> None:
        self.pad = pad
        self.transmit = transmit
        self.notices: asyncio.Queue[Notice] = notices if notices is not None else asyncio.Queue()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._loop = asyncio.get_running_loop()

    def now(self) -> float:
        return self._loop.time()

    def start(self) -> None:
        self.pad.power_on(self.now())
        self._task = asyncio.create_task(self._run(), name=f"pad-{self.pad.unit}")
        self.poke()

    async def stop(self) -> None:
        """Power off: the machine's volatile state is gone, its memory stays with the caller."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def deliver(self, received: Received) -> None:
        if self._task is None:
            return
        self.pad.receive(received, self.now())
        self.poke()

    def poke(self) -> None:
        """Something happened (players pressed keys, a message came): act on it now."""
        self._wake.set()

    async def _run(self) -> None:
        while True:
            self.pad.tick(self.now())
            for message in self.pad.take_outgoing():
                self.transmit(message)
            for notice in self.pad.take_notices():
                self.notices.put_nowait(notice)
            deadline = self.pad.deadline
            timeout = None if deadline is None else max(deadline - self.now(), 0.0)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):
                    await self._wake.wait()
