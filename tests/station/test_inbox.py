"""The MQTT link's inbox (what the broker's client has read, not yet handled): a lane per
unit's topic taken in turn, a flooding unit's surplus dropped unread and told to the hub."""

from __future__ import annotations

import asyncio

import pytest

from basestation.station.links.inbox import UNIT_INBOX, Read, UnitInbox
from basestation.station.links.mqtt import INBOX_FULL_SAID, MqttLink
from firmware_protocol import topics


def up(unit: int, payload: bytes = b"") -> Read:
    return Read(topics.up("club", unit), payload)


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
        inbox.put_nowait(Read("$CONTROL/dynamic-security/v1/response", b"{}"))
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


async def test_a_full_inbox_says_so_once_in_a_while_not_once_a_message(
        caplog: pytest.LogCaptureFixture) -> None:
    """Under a flood of many claimed units the whole inbox fills: each further message is
    dropped unread and counted, and a warning says how many, at most every INBOX_FULL_SAID s
    (a line per message cost more than reading them)."""
    link = MqttLink(None, "mqtt://127.0.0.1:1884", "club")  # type: ignore[arg-type]
    inbox = UnitInbox(UNIT_INBOX * 2, dropped=lambda unit: None)
    for n in range(1, 1001):
        link._read(inbox, topics.up("club", n), b"{}", {})
    assert inbox.qsize() == UNIT_INBOX * 2
    assert link.dropped_full == 1000 - UNIT_INBOX * 2
    said = [r.getMessage() for r in caplog.records if "inbox full" in r.getMessage()]
    assert said == ["MQTT inbox full: 1 message(s) dropped unread, the last on "
                    f"{topics.up('club', UNIT_INBOX * 2 + 1)}; pads retransmit what mattered"]
    assert INBOX_FULL_SAID >= 1


async def test_a_known_pads_message_waits_for_one_strangers_not_thousands() -> None:
    """Frames claiming thousands of units the station does not know (a stranger on a broker
    without logins) are a ring of their own, taken in turn with the known pads': a known
    pad's message is among the next two taken. They hold half the inbox at most; beyond,
    dropped unread and told as strangers', never as each claimed unit's flood."""
    dropped: list[int] = []
    strangers: list[None] = []
    inbox = UnitInbox(100, dropped=dropped.append, known=lambda unit: unit == 7,
                      strangers=lambda: strangers.append(None))
    for unit in range(1000, 4000):
        inbox.put_nowait(up(unit, b"x"))
    assert inbox.qsize() == 50 and len(strangers) == 3000 - 50 and dropped == []
    inbox.put_nowait(up(7, b"pad"))
    assert b"pad" in [(await inbox.get()).payload for _ in range(2)]
    for _ in range(3 * UNIT_INBOX):  # a known unit's own surplus is its own flood
        inbox.put_nowait(up(7, b"more"))
    assert dropped == [7] * (2 * UNIT_INBOX)
