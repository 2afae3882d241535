"""The MQTT link's inbox (what the broker's client has read, not yet handled): a lane per
unit's topic taken in turn, a flooding unit's surplus dropped unread and told to the hub; and
the broker's socket read ahead, a few chunks a turn of the event loop."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from basestation.station.links.inbox import READS_A_TURN, UNIT_INBOX, ReadAhead, UnitInbox
from firmware_protocol import topics


@dataclass(frozen=True)
class Topic:
    value: str


@dataclass(frozen=True)
class Read:
    """An aiomqtt message as the inbox sees one: its topic and what it carried."""

    topic: Topic
    payload: bytes


def up(unit: int, payload: bytes = b"") -> Read:
    return Read(Topic(topics.up("club", unit)), payload)


async def test_another_units_message_is_next_however_much_one_unit_sent() -> None:
    dropped: list[int] = []
    inbox = UnitInbox(0, dropped=dropped.append)
    for n in range(100):
        inbox.put_nowait(up(1, b"A%d" % n))
    inbox.put_nowait(up(2, b"B"))
    assert inbox.qsize() == UNIT_INBOX + 1
    assert dropped == [1] * (100 - UNIT_INBOX)
    first = [(await inbox.get()).payload for _ in range(2)]
    assert b"B" in first
    rest = [inbox.get_nowait().payload for _ in range(inbox.qsize())]
    assert rest == [b"A%d" % n for n in range(UNIT_INBOX)][len(first) - 1:]
    assert inbox.empty()


async def test_the_brokers_own_answers_are_never_dropped() -> None:
    inbox = UnitInbox(0, dropped=lambda unit: None)
    for _ in range(3 * UNIT_INBOX):
        inbox.put_nowait(Read(Topic("$CONTROL/dynamic-security/v1/response"), b"{}"))
    assert inbox.qsize() == 3 * UNIT_INBOX


async def test_a_reader_waiting_on_an_empty_inbox_is_woken() -> None:
    inbox = UnitInbox(0)
    waiting = asyncio.create_task(inbox.get())
    await asyncio.sleep(0)
    inbox.put_nowait(up(3, b"hello"))
    assert (await asyncio.wait_for(waiting, 1)).payload == b"hello"


async def test_the_whole_inbox_has_a_limit() -> None:
    inbox = UnitInbox(4)
    for unit in range(1, 5):
        inbox.put_nowait(up(unit))
    assert inbox.full()


class Chunks:
    """A socket that has `chunks` to give, then nothing yet (BlockingIOError)."""

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = list(chunks)
        self.calls = 0

    def recv(self, size: int) -> bytes:
        self.calls += 1
        if not self.chunks:
            raise BlockingIOError
        return self.chunks.pop(0)[:size]

    def fileno(self) -> int:
        return 7


async def test_the_brokers_socket_is_read_ahead() -> None:
    sock = Chunks(b"\x30\x05hello" * 3)
    ahead = ReadAhead(sock)
    # paho's way: the header byte by byte, then the rest; one system call for all of it.
    read = [ahead.recv(size) for _ in range(3) for size in (1, 1, 5)]
    assert b"".join(read) == b"\x30\x05hello" * 3 and sock.calls == 1
    assert ahead.pending() == 0 and ahead.fileno() == 7  # the rest is the socket's


async def test_a_flood_is_read_a_few_chunks_a_turn() -> None:
    sock = Chunks(*[b"x" * 10] * (2 * READS_A_TURN))
    ahead = ReadAhead(sock)
    got = b""
    with contextlib.suppress(BlockingIOError):
        while True:
            got += ahead.recv(10)
    assert len(got) == 10 * READS_A_TURN  # then "nothing yet", though the socket has more
    await asyncio.sleep(0)  # the event loop's other work has had its turn
    assert ahead.recv(10) == b"x" * 10 and sock.calls == READS_A_TURN + 1


async def test_a_closed_connection_reads_empty() -> None:
    ahead = ReadAhead(Chunks(b""))
    assert ahead.recv(1) == b""
