"""Two nights on the same bridgepads (issue 18): night 1 is played on simulated pads over a
real pty radio receiver; the director then opens night 2 through the set-up page's HTTP API,
with another movement and table count, and the very same pads (the same memory) play it.

Every board of night 2 is entered and stored, nothing of night 1 stays on a pad or counts in
night 2, a pad whose table night 2 lacks ends at its login form, and an entry of night 1 sent
after night 2 opened is refused (OTHER_EVENT) and stored nowhere.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from basestation.station.app import Station
from firmware_protocol.messages import ErrorCode, Message, Nak, Received, Result, Seat
from simulator.deals import random_deals
from simulator.radio import VirtualRadio
from simulator.ranking import rank, ranking_rows
from simulator.session import UNIT_BASE, SectionSetup, SessionPlayer
from simulator.units import SimPad
from tests.helpers import director
from tests.web.conftest import serve

pytestmark = pytest.mark.integration

SPEED = 1500  # a board in a fraction of a second
NIGHT_1 = {"letter": "A", "movement": "mitchell", "tables": 4, "boards": 8}


def pbn(deals: dict[int, str]) -> str:
    """Hand records as the director uploads them on the set-up page."""
    return "".join(f'[Board "{board}"]\n[Deal "{deal}"]\n\n' for board, deal in deals.items())


@pytest.fixture
async def radio() -> AsyncIterator[VirtualRadio]:
    channel = VirtualRadio()
    yield channel
    channel.close()


@pytest.fixture
async def console(make_station: Callable[..., Any],
                  radio: VirtualRadio) -> AsyncIterator[tuple[Station, httpx.AsyncClient]]:
    """A station on the radio's serial port with no event yet, and the director logged in
    to its HTTP API (served by uvicorn)."""
    station: Station = await make_station(serial_ports=(radio.port,), open_event=False)
    async for url in serve(station):
        async with director(url) as http:
            yield station, http


async def open_night(station: Station, http: httpx.AsyncClient, name: str,
                     section: dict[str, Any], deals: dict[int, str]) -> int:
    answer = await http.post("/api/setup/event", json={
        "name": name, "regulations": "nz", "sections": [section],
        "hand_records": pbn(deals), "close_open": True})
    assert answer.status_code == 201, answer.text
    assert station.session.event_id is not None
    return station.session.event_id


async def play_night(station: Station, radio: VirtualRadio, deals: dict[int, str],
                     pads: dict[int, SimPad], seed: int) -> SessionPlayer:
    movement = station.session.sections["A"].movement
    player = SessionPlayer(station, [SectionSetup("A", "radio", movement, deals)], speed=SPEED,
                           seed=seed, radio=radio, pads=pads)
    report = await player.play()
    assert report.mismatches == [], report.mismatches
    assert rank(player.held_results()) == rank(player.intended_results())
    return player


async def until(done: Callable[[], bool], what: str, seconds: float = 20) -> None:
    try:
        async with asyncio.timeout(seconds):
            while not done():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"not within {seconds} s: {what}") from None


async def old_entry(radio: VirtualRadio, sim: SimPad, body: Result, event: int) -> Any:
    """`body` sent by `sim`'s unit under night 1's event (its firmware still holding it), with
    a seq the pad never used; the station's answer."""
    await sim.power_off()
    memory = sim.memory
    seq = memory.seq_reserved
    memory.reserve(seq)  # the pad goes on above it
    answers: asyncio.Queue[Received] = asyncio.Queue()
    radio.attach(sim.unit, answers.put_nowait)
    try:
        radio.transmitter(memory.key)(Message(sim.unit, seq, body, 2, event))
        async with asyncio.timeout(10):
            while True:
                answer = (await answers.get()).message
                # Only the answer to this message: on a busy machine a late answer to the
                # pad's earlier one (an ack of another seq) may come first.
                if getattr(answer.body, "re", None) != seq:
                    continue
                if isinstance(answer.body, Nak | Result) or answer.body.TYPE.value == "ack":
                    return answer
    finally:
        radio.detach(sim.unit)
        await sim.power_on()


@pytest.mark.parametrize(("night_2", "missing"), [
    ({"letter": "A", "movement": "howell", "tables": 3, "boards": 10}, [4]),
    ({"letter": "A", "movement": "mitchell", "tables": 5, "boards": 10}, []),
], ids=["howell-3-tables", "mitchell-5-tables"])
async def test_a_second_night_on_the_same_pads(
        console: tuple[Station, httpx.AsyncClient], radio: VirtualRadio,
        night_2: dict[str, Any], missing: list[int]) -> None:
    station, http = console
    pads: dict[int, SimPad] = {}
    try:
        # Night 1: Mitchell, 4 tables.
        deals_1 = random_deals(8, random.Random(1))
        night_1 = await open_night(station, http, "Tuesday", NIGHT_1, deals_1)
        first = await play_night(station, radio, deals_1, pads, seed=1)
        assert sorted(pads) == [UNIT_BASE + t for t in range(1, 5)]
        assert all(p.memory.event == night_1 and p.memory.entries and p.memory.protocol == 2
                   for p in pads.values())
        # The pads stay on at their tables while the director sets up night 2.
        for sim in pads.values():
            await sim.power_on()
        await until(lambda: all(s.on and s.pad.idle and s.pad.logged_in for s in pads.values()),
                    "the pads back at their night-1 tables")

        deals_2 = random_deals(night_2["boards"], random.Random(2))
        night_2_id = await open_night(station, http, "Next Tuesday", night_2, deals_2)
        assert night_2_id != night_1
        movement = station.session.sections["A"].movement
        assert (movement.kind, movement.tables) == (night_2["movement"], night_2["tables"])

        def moved_on(sim: SimPad) -> bool:
            memory = sim.memory
            return memory.event == night_2_id and sim.pad.idle and (
                memory.table is None if sim.unit - UNIT_BASE in missing else sim.pad.logged_in)

        await until(lambda: all(moved_on(s) for s in pads.values()), "the pads in night 2")
        for sim in pads.values():
            memory, table = sim.memory, sim.unit - UNIT_BASE
            # Nothing of night 1 on the pad: no entry, and night 2's rounds only.
            assert memory.entries == {} and memory.queue == []
            if table in missing:
                assert (memory.section, memory.table, memory.rounds) == (None, None, {})
            else:
                assert memory.table == table
                assert {r: (i.ns, i.ew, i.boards) for r, i in memory.rounds.items()} == {
                    a.round: (a.ns, a.ew, a.boards) for a in movement.table_rounds(table)}

        # Night 1's entry, sent under night 1's event after night 2 opened, at a place night
        # 2 has (table 1, round 1): refused, and stored nowhere.
        seat = movement.at(1, 1)
        assert seat is not None and seat.ns is not None and seat.ew is not None
        stale = Result("A", 1, 1, seat.boards[0], seat.ns, seat.ew, "3NT", Seat.N, 9, None)
        answer = await old_entry(radio, pads[UNIT_BASE + 1], stale, night_1)
        assert (answer.v, answer.event) == (2, night_2_id)
        assert answer.body == Nak(re=answer.body.re, code=ErrorCode.OTHER_EVENT)
        assert station.session.sections["A"].all_results() == []
        assert station.store.snapshot().results == []

        # Night 2 on the same pads: every board entered and stored, night 1 counted nowhere.
        second = await play_night(station, radio, deals_2, pads, seed=2)
        held = second.held_results()
        assert len(held) == len(second.plan) == sum(
            len(a.boards) for a in movement.assignments if a.ns and a.ew)
        assert ranking_rows(rank(held)) == ranking_rows(rank(second.intended_results()))
        assert {(r["table"], r["round"], r["board"]) for r in held} == {
            key[1:] for key in second.plan}
        stored = station.store.snapshot().results
        assert {row.event_id for row in stored} == {night_2_id}
        assert len([row for row in stored if row.status == "active"]) == len(held)
        for sim in pads.values():
            memory, table = sim.memory, sim.unit - UNIT_BASE
            assert memory.event == night_2_id
            for (round_, board), entry in memory.entries.items():
                assert second.plan[("A", table, round_, board)].result() == entry.body
            if table in missing:
                assert memory.table is None and memory.entries == {}
            elif table <= NIGHT_1["tables"]:
                assert len(memory.entries) == sum(
                    len(a.boards) for a in movement.table_rounds(table) if a.ns and a.ew)
        # Night 1 is kept whole in its own event.
        assert len(station.store.snapshot(night_1).results) == len(first.plan)
    finally:
        for sim in pads.values():
            await sim.power_off()
