"""Every use of gmqtt's private attributes, in one place: the MQTT link's speed needs three.

- `Window` reads `PersistentStorage._messages`, the publishes awaiting their PUBACK, to count
  them: gmqtt has no public count, and the link must not send more than the broker takes.
- `coalesce_writes` replaces `client._connection._transport` and
  `client._connection._protocol._transport` with `Coalesced`, so the writes of one turn of the
  event loop leave in one system call, and sets the asyncio transport's `max_size`.

gmqtt is pinned to the version these were checked against (`CHECKED`, pyproject.toml);
tests/station/test_gmqtt_private.py fails, naming the attribute, if an installed gmqtt lacks
one of them, and if its version is not the one checked.
"""

from __future__ import annotations

import asyncio
from typing import Any

import gmqtt
from gmqtt.storage import PersistentStorage

CHECKED = "0.8.0"  # the gmqtt whose private attributes below were read and tested
READ_MOST = 16 * 1024  # bytes read from the broker at once (about 80 small messages)


def version() -> str:
    """The installed gmqtt's version."""
    return str(gmqtt.__version__)


class Window(PersistentStorage):  # type: ignore[misc]
    """gmqtt's store of the publishes in flight (awaiting their PUBACK), counting them so the
    link sends no more than the broker takes at once; `freed` is called as each is
    acknowledged."""

    def __init__(self, freed: Any) -> None:
        super().__init__()
        self.in_flight = 0
        self.freed = freed

    def push_message(self, mid: int, raw_package: bytes) -> None:
        super().push_message(mid, raw_package)
        self.in_flight = len(self._messages)

    def remove_message_by_mid(self, mid: int) -> None:
        super().remove_message_by_mid(mid)
        self.in_flight = len(self._messages)
        self.freed()


class Coalesced:
    """A connection's transport whose writes in one turn of the event loop leave in one
    system call: asyncio sends each write at once, and a busy station writes a PUBACK and
    an answer per result, each otherwise a system call and a TCP segment."""

    def __init__(self, transport: Any) -> None:
        self._transport = transport
        self._parts: list[bytes] = []
        self._loop = asyncio.get_running_loop()

    def write(self, data: bytes) -> None:
        if not self._parts:
            self._loop.call_soon(self.flush)
        self._parts.append(data)

    def flush(self) -> None:
        if self._parts:
            data = b"".join(self._parts)
            self._parts.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self.flush()  # a DISCONNECT written last goes before the socket closes
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


def coalesce_writes(client: Any) -> None:
    """Makes a connected gmqtt client write through `Coalesced` (its connection and
    protocol each hold the transport), and read at most READ_MOST bytes at a time: gmqtt
    handles every packet it has read before the event loop's next turn, and asyncio reads
    256 KB at once, a thousand small messages under a flood: the loop stood still for a
    quarter of a second each time, every pad's answer waiting."""
    connection = client._connection
    connection._transport.max_size = READ_MOST
    coalesced = Coalesced(connection._transport)
    connection._transport = connection._protocol._transport = coalesced
