"""One unit flooding the hub (on a fake link): another pad's message goes in the next batch,
the flood costs a bounded number of rows whatever its kind, and the flooding unit is named on
the grid, once, in the director's words' figures."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from basestation.api.readmodel import ReadModel
from basestation.station.core.hub import ANSWERS_KEPT, Inbound, Step
from basestation.station.effects.events import AlertRaised, BusEvent, UnitChanged
from firmware_protocol import jsonwire
from firmware_protocol.messages import Ack, Body, Heartbeat, Login, Message, Nak
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station

A, B = 1, 2  # A floods from table A1; B is the pad at table A2
FLOOD = 5000


class Clock:
    """The hub queue's clock, moved on by the test: a long flood in no time."""

    def __init__(self) -> None:
        self.now = time.monotonic()  # where the hub's own clock left its buckets

    def __call__(self) -> float:
        return self.now


def rows(tmp_path: Path) -> dict[str, int]:
    """Rows the flooding unit left: answers, audit entries, table holds, results, offers."""
    with sqlite3.connect(tmp_path / "station.db") as db:
        found = {table: db.execute(f"SELECT count(*) FROM {table} WHERE unit = ?",
                                   (A,)).fetchone()[0]
                 for table in ("answer", "table_hold", "result", "merge_offer")}
        found["audit"] = db.execute("SELECT count(*) FROM audit WHERE actor = ?",
                                    (f"unit {A}",)).fetchone()[0]
    db.close()
    return found


async def logged_in(tmp_path: Path) -> tuple[Any, FakeLink]:
    made = station(tmp_path)
    link = FakeLink()
    for unit in (A, B):
        await made.hub.step(inbound(link, unit, 1, Login(section="A", table=unit)))
    link.sent.clear()
    return made, link


def forged(link: FakeLink, seq: int) -> Inbound:
    data = jsonwire.encode(Message(A, seq, Heartbeat(battery=50)), b"not the unit's key")
    return Inbound(jsonwire.decode(data), link)


FLOODS: dict[str, Any] = {
    "logins": lambda seq: Login(section="A", table=A),
    "heartbeats": lambda seq: Heartbeat(battery=seq % 100),
    "results": lambda seq: result(1, 1, 1, 1, 1),  # the same entry again and again
}


@pytest.mark.parametrize("kind", [*FLOODS, "bad MACs", "merge offers"])
async def test_another_pad_goes_in_the_next_batch(tmp_path: Path, kind: str) -> None:
    made, link = await logged_in(tmp_path)
    if kind == "merge offers":  # A replaced at its table: what it sends goes to the director
        await made.hub.step(inbound(link, 3, 1, Login(section="A", table=A, takeover=True,
                                                      pin="4321")))
    batches: list[Step] = []
    step = made.hub.step

    async def noted(*messages: Inbound) -> Step:
        batches.append(await step(*messages))
        return batches[-1]

    made.hub.step = noted  # type: ignore[method-assign]
    before = rows(tmp_path)
    for seq in range(2, FLOOD + 2):
        made.hub.submit(forged(link, seq) if kind == "bad MACs" else
                        inbound(link, A, seq, result(1, 1, 1, 1, 1) if kind == "merge offers"
                                else FLOODS[kind](seq)))
    made.hub.submit(inbound(link, B, 2, Heartbeat(battery=80)))
    hub = asyncio.create_task(made.hub.run())
    try:
        async with asyncio.timeout(10):
            while not link.messages_to(B):
                await asyncio.sleep(0.001)
            first = next(b for b in batches if b.taken).messages
            assert any(message.unit == B for message in first)
            assert len(first) <= 9  # B's and a turn's worth of A's, not 512 of A's
            while made.hub.queued:  # what A has queued drains in a second or two
                await asyncio.sleep(0.01)
    finally:
        hub.cancel()
    assert made.hub.shed >= FLOOD - 64
    left = {table: n - before[table] for table, n in rows(tmp_path).items()}
    assert left["audit"] == 0 and left["table_hold"] == 0
    assert left["result"] <= 1 and left["merge_offer"] <= 1
    assert left["answer"] <= 2 * ANSWERS_KEPT


async def test_the_flooding_unit_is_named_on_the_grid_once(tmp_path: Path) -> None:
    made, link = await logged_in(tmp_path)
    events = made.bus.subscribe()
    for seq in range(2, FLOOD + 2):
        made.hub.submit(inbound(link, A, seq, Heartbeat(battery=50)))
    said = []
    while not events.empty():
        event = events.get_nowait()
        if isinstance(event, AlertRaised) and event.found.kind == "flooding":
            said.append(event.to_json())
    assert len(said) == 1
    assert said[0] | {"messages": 0, "dropped": 0, "checked": 0} == {
        "type": "alert", "kind": "flooding", "unit": A, "section": "A", "table": A,
        "seconds": 10, "messages": 0, "dropped": 0, "checked": 0, "failed": 0}
    standing = [a for a in ReadModel(made).grid().model_dump()["alerts"]
                if a["kind"] == "flooding"]
    assert standing == [{"kind": "flooding", "unit": A, "section": "A", "table": A,
                         "messages": FLOOD, "seconds": 10, "dropped": FLOOD - 4,
                         "checked": FLOOD, "failed": 0}]


async def test_a_long_flood_keeps_a_bounded_number_of_rows(tmp_path: Path) -> None:
    # Ten minutes of valid messages at the most a unit is served (the queue's clock moved on
    # by the test): answers are forgotten beyond the latest, logins again write nothing.
    made, link = await logged_in(tmp_path)
    clock = Clock()
    made.hub.use_clock(clock)
    bodies: list[Body] = [Login(section="A", table=A), Heartbeat(battery=50),
                          result(1, 1, 1, 1, 1)]
    for seq in range(2, 2000):
        made.hub.submit(inbound(link, A, seq, bodies[seq % 3]))
        await made.hub.step()
        clock.now += 0.3
    answers = link.to(A)
    assert sum(isinstance(a, Ack) for a in answers) == 1998
    left = rows(tmp_path)
    # The pairing and first login's audit entries and hold; one result, entered once.
    assert left == {"answer": left["answer"], "table_hold": 1, "result": 1, "merge_offer": 0,
                    "audit": 2}
    assert ANSWERS_KEPT <= left["answer"] <= 2 * ANSWERS_KEPT
    # The latest answer is still there for a retransmission after a restart.
    made.hub.load()
    await made.hub.step(inbound(link, A, 1999, bodies[1999 % 3]))
    assert isinstance(link.to(A)[0], Ack)
    # An old one is not: a pad never asks for it (one message in flight, SPEC.md 6.6).
    await made.hub.step(inbound(link, A, 3, bodies[0]))
    refused = link.to(A)[0]
    assert isinstance(refused, Nak) and refused.detail == "1999"


async def test_frames_failing_the_check_are_counted_but_not_written_each(
        tmp_path: Path) -> None:
    made, link = await logged_in(tmp_path)
    commits = 0
    commit = made.store.commit

    def counted(ops: Any) -> None:
        nonlocal commits
        commits += 1
        commit(ops)

    made.store.commit = counted  # type: ignore[method-assign]
    clock = Clock()
    made.hub.use_clock(clock)
    started = time.monotonic()
    for seq in range(2, 2002):  # one a second, for half an hour: every one handled
        made.hub.submit(forged(link, seq))
        await made.hub.step()
        clock.now += 1
    assert made.hub.units[A].bad_macs == 2000
    # The unit's count is written once a second at most, not once each.
    assert commits <= time.monotonic() - started + 1


async def test_with_the_brokers_logins_kept_a_flooding_pad_is_cut_off_a_while(
        tmp_path: Path) -> None:
    from basestation.station.links.dynsec import wanted_login

    made = station(tmp_path)
    link = FakeLink(name="mqtt:127.0.0.1:1883")
    radio = FakeLink(name="serial:/dev/ttyUSB0")
    await made.hub.step(inbound(link, A, 1, Login(section="A", table=A)))
    await made.hub.step(inbound(radio, B, 1, Login(section="A", table=B)))
    made.hub.flood_control.cut_off = 0.2  # as the station sets it when it keeps the broker's logins
    events = made.bus.subscribe()
    for seq in range(2, 200):
        made.hub.submit(inbound(link, A, seq, Heartbeat(battery=50)))
        made.hub.submit(inbound(radio, B, seq, Heartbeat(battery=50)))
    # The MQTT pad's login is disabled (the broker drops its flood); a radio pad has none.
    def enabled(unit: int) -> bool:
        return wanted_login("club", made.hub.units[unit])[0].enabled

    assert made.hub.units[A].cut_off == 0.2 and not enabled(A)
    assert made.hub.units[B].cut_off == 0 and enabled(B)
    said = [e.to_json() for e in _drain(events)
            if isinstance(e, AlertRaised) and e.found.kind == "flooding"]
    assert {e["unit"]: e.get("cut_off") for e in said} == {A: 0.2, B: None}
    async with asyncio.timeout(30):  # let back in (0.2 s on), and the broker's logins told
        while made.hub.units[A].cut_off:
            await asyncio.sleep(0.02)
    assert made.hub.units[A].cut_off == 0 and enabled(A)
    assert UnitChanged(A, "let_back") in _drain(events)


def _drain(events: asyncio.Queue[BusEvent]) -> list[BusEvent]:
    found = []
    while not events.empty():
        found.append(events.get_nowait())
    return found
