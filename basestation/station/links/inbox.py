"""What the MQTT link has read from the broker and not yet handled: a lane per unit's topic,
served in turn (fairness per unit before anything is decoded).

The broker's client reads faster than messages are decoded and handed to the hub, so under a
flood this is where they wait. In one line, another pad's message would wait behind all of a
flooding unit's; here it waits for one message of each other unit at most, and a unit holding
more than a pad ever sends at once has the rest dropped unread (counted: the hub names it on
the grid). Messages on other topics (the broker's own answers) are never dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections import deque
from collections.abc import Callable
from typing import Any

from firmware_protocol import topics

UNIT_INBOX = 8  # a unit's messages waiting here at most: a pad has one in flight (SPEC.md 6.6)


class UnitInbox(asyncio.Queue[Any]):
    """An asyncio queue of aiomqtt messages, taken round-robin by the unit in their topic.

    aiomqtt makes it as its `queue_type` (so `maxsize` is its own, the whole inbox); messages
    are anything with `topic.value`. `dropped(unit)` is told of each message dropped.
    """

    def __init__(self, maxsize: int = 0, *, dropped: Callable[[int], None] = lambda _: None,
                 per_unit: int = UNIT_INBOX) -> None:
        self.dropped = dropped
        self.per_unit = per_unit
        super().__init__(maxsize)

    def _init(self, maxsize: int) -> None:
        self._lanes: dict[int | None, deque[Any]] = {}
        self._queue = self._ring = deque[int | None]()  # lanes holding something, in turn
        self._count = 0

    def _put(self, item: Any) -> None:
        unit = topics.unit_of(item.topic.value)
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

    def _get(self) -> Any:
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


READ_AHEAD = 8192  # bytes read from the broker at once: about a hundred small messages
READS_A_TURN = 4  # of them before the event loop's other work has its turn


class ReadAhead:
    """The broker's socket, read READ_AHEAD bytes at a time. paho reads each packet in three
    or more recv calls (its header byte by byte), each a system call; here they come from what
    one call brought. `pending` is what aiomqtt asks of a TLS socket: while bytes wait here,
    its reader goes on reading (the socket itself would not wake it for them). Under a flood
    that would be for ever, so after READS_A_TURN reads the socket says "nothing yet" until
    the event loop has been round once (paho keeps a packet it has half read)."""

    def __init__(self, sock: Any) -> None:
        self._sock = sock
        self._read = b""
        self._at = 0
        self._reads = 0

    def recv(self, size: int) -> bytes:
        if self._at >= len(self._read):
            self._turn()
            self._read, self._at = self._sock.recv(READ_AHEAD), 0  # BlockingIOError: none
            if not self._read:
                return b""  # the broker closed the connection
        chunk = self._read[self._at:self._at + size]
        self._at += len(chunk)
        return chunk

    def _turn(self) -> None:
        if self._reads >= READS_A_TURN:
            raise BlockingIOError
        if self._reads == 0:
            with contextlib.suppress(RuntimeError):  # no loop: paho connecting in a thread
                asyncio.get_running_loop().call_soon(self._new_turn)
        self._reads += 1

    def _new_turn(self) -> None:
        self._reads = 0

    def pending(self) -> int:
        return len(self._read) - self._at

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


CORK = getattr(socket, "TCP_CORK", None)  # Linux: hold a socket's writes until uncorked


def read_ahead(paho: Any, options: tuple[tuple[int, int, int], ...]) -> None:
    """Makes a paho client read its socket through ReadAhead from the moment it opens, with
    `options` set on it (aiomqtt sets its socket options only on a plain socket); and write
    what it has queued as one stream (`corked_writes`)."""
    opened = paho.on_socket_open

    def wrap(client: Any, userdata: Any, sock: Any) -> None:
        for option in options:
            sock.setsockopt(*option)
        client._sock = ReadAhead(sock)
        opened(client, userdata, client._sock)

    paho.on_socket_open = wrap
    corked_writes(paho)


def corked_writes(paho: Any) -> None:
    """paho writes its queued packets one system call each, and with TCP_NODELAY each call
    is a segment the broker is woken for: an ack and a PUBACK per result. Corked while paho
    writes (aiomqtt calls `loop_write` when the socket can take more), the kernel sends what
    the calls wrote together once uncorked. Nothing waits: the cork is off when it returns."""
    if CORK is None:
        return
    write = paho.loop_write

    def loop_write() -> Any:
        sock = paho.socket()
        if sock is None:
            return write()
        sock.setsockopt(socket.IPPROTO_TCP, CORK, 1)
        try:
            return write()
        finally:
            with contextlib.suppress(OSError):  # closed by what was written (a DISCONNECT)
                sock.setsockopt(socket.IPPROTO_TCP, CORK, 0)

    paho.loop_write = loop_write
