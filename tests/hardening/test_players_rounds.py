"""A logged-in pad sweeping the club's list through `players` across the night's rounds
(issue 48, SPEC.md 14.3): a round the table has not reached is refused, and the bound of
numbers tried holds for a unit across every round it names while its table plays one round,
so the sweep learns a table's worth of names, not 12 for each round of the night. Over MQTT
to the station on a real broker."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.session.number_tries import PER_ROUND
from basestation.station.views.grid import alerts
from firmware_protocol.messages import (
    Ack,
    Body,
    ErrorCode,
    Login,
    Nak,
    Players,
    Result,
    Seat,
    Seating,
)
from tests.pads import MqttPad

pytestmark = pytest.mark.integration
CLUB = {n: f"Player {n}" for n in range(1, 28)}  # 27 listed numbers, as in the audit
TABLES = 5  # a Mitchell of five tables: five rounds


@pytest.fixture
async def station(tmp_path: Path, mosquitto: int) -> AsyncIterator[Station]:
    made = Station(StationConfig(id="club", database=f"sqlite:///{tmp_path / 'station.db'}",
                                 mqtt_url=f"mqtt://127.0.0.1:{mosquitto}"))
    made.open_event("Hostile night", "nz", [SectionConfig("A", "mitchell", TABLES, 10)])
    made.import_players(CLUB)
    await made.start()
    try:
        async with asyncio.timeout(10):
            for link in made.links:
                await link.connected.wait()
        yield made
    finally:
        await made.stop()


async def players(pad: MqttPad, body: Players) -> list[Body]:
    """The answer to `body`: its nak, or its ack and the round's seating after it."""
    seq = pad.send(body)
    found: list[Body] = []
    async with asyncio.timeout(20):
        while not found or isinstance(found[-1], Ack):
            told = (await pad.inbox.get()).body
            answer = isinstance(told, Ack | Nak) and told.re == seq
            if answer or (found and isinstance(told, Seating)):
                found.append(told)
    return found


async def sweep(pad: MqttPad, round_: int, learned: set[str]) -> list[Nak]:
    """Numbers 1-40 whose names it has not learned yet, for `round_`, four a message: the
    naks it got."""
    naks = []
    numbers = [n for n in range(1, 41) if CLUB.get(n) not in learned]
    for at in range(0, len(numbers) - 3, 4):
        for body in await players(pad, Players("A", 1, round_, *numbers[at:at + 4])):
            if isinstance(body, Seating):
                learned |= {s.name for s in body.seats if s.name}
            if isinstance(body, Nak):
                naks.append(body)
    return naks


async def test_a_sweep_over_every_round_learns_one_tables_worth(station: Station,
                                                                mosquitto: int) -> None:
    movement = station.movements()["A"]
    assert movement.rounds == TABLES
    learned: set[str] = set()
    async with MqttPad(mosquitto, "club", 1) as pad:
        login = await pad.request_until_heard(Login("A", 1))
        assert isinstance(login[0], Ack)
        by_round = {r: await sweep(pad, r, learned) for r in range(1, TABLES + 1)}
        # The table plays round 1: rounds 1 and 2 (one after the section's) are named...
        assert all(n.code == ErrorCode.INVALID_PLAYER for r in (1, 2) for n in by_round[r])
        # ...the others not yet, whatever the numbers: nothing stored, nothing named.
        for r in range(3, TABLES + 1):
            assert by_round[r] and {n.code for n in by_round[r]} == {ErrorCode.WRONG_ROUND}
            assert by_round[r][0].detail == (f"table 1 has not reached round {r}: enter its "
                                             "players when it does")
        # One unit's budget for both rounds: a table's worth of names, not one per round.
        assert len(learned) == PER_ROUND < len(CLUB)
        refused = len(by_round[1]) + len(by_round[2])
        assert refused == 10 - PER_ROUND // 4 + 7  # round 2: 28 numbers left, none taken
        [said] = [a for a in alerts(station.rules.session, station.units)
                  if a.kind == "number_sweep"]
        assert said.unit == 1 and said.refused == refused
        assert len([row for row in station.store.audit() if row.action == "number_sweep"]) == 1

        # The table plays round 1 out: round 2's own numbers are a new round's try.
        first = movement.at(1, 1)
        assert first is not None and first.ns and first.ew
        for board in first.boards:
            entered = await pad.request(Result(section="A", table=1, round=1, board=board,
                                               ns=first.ns, ew=first.ew, contract="3NT",
                                               declarer=Seat.N, tricks=9))
            assert isinstance(entered[0], Ack), entered
        # Its table now plays round 2: a new round's try for the unit.
        fresh = await players(pad, Players("A", 1, 2, 21, 22, 23, 24))  # new numbers
        assert isinstance(fresh[0], Ack), fresh
        # Round 1's numbers again (a late correction) are no new try.
        again = await players(pad, Players("A", 1, 1, 1, 2, 3, 4))
        assert isinstance(again[0], Ack), again
        ahead = await players(pad, Players("A", 1, 3, 1, 2, 3, 4))
        assert isinstance(ahead[0], Nak) and ahead[0].code == ErrorCode.WRONG_ROUND
