"""Simulated pads send their players through the protocol at the rounds their section says
(SPEC.md 14), from the club's list the station holds, so every pair's names are known."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select

from basestation.api.views import player_names
from basestation.movements import generate
from basestation.station.app import Station
from basestation.station.config import SectionConfig, SerialConfig, StationConfig
from basestation.store.models import SeatingRow
from simulator.broker import run_mosquitto
from simulator.club import club_list, name_of, pair_numbers
from simulator.deals import random_deals
from simulator.faults import Faults
from simulator.radio import AirFaults, VirtualRadio
from simulator.session import SectionSetup, SessionPlayer

pytestmark = pytest.mark.integration

TABLES, BOARDS = 4, 8


@pytest.fixture
def broker() -> Iterator[int]:
    with run_mosquitto() as port:
        yield port


async def test_pads_send_players_as_their_section_says(tmp_path: Path, broker: int) -> None:
    radio = VirtualRadio(AirFaults(), random.Random(1))
    deals = random_deals(BOARDS, random.Random(2))
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           mqtt_url=f"mqtt://127.0.0.1:{broker}",
                           serial=(SerialConfig(radio.port),))
    station = Station(config)
    movement = generate("mitchell", TABLES, BOARDS)
    station.open_event("Players", "nz", [
        SectionConfig("A", "mitchell", TABLES, BOARDS, player_numbers="first"),
        SectionConfig("B", "mitchell", TABLES, BOARDS, player_numbers="every"),
        SectionConfig("C", "mitchell", TABLES, BOARDS, player_numbers="never")],
        dict.fromkeys("ABC", deals))
    station.import_players(club_list((letter, movement) for letter in "ABC"))
    await station.start()
    try:
        for link in station.links:
            await link.connected.wait()
        player = SessionPlayer(station, [SectionSetup("A", "radio", movement, deals),
                                         SectionSetup("B", "mqtt", movement, deals),
                                         SectionSetup("C", "mqtt", movement, deals)],
                               speed=3000, seed=7, faults=Faults(), radio=radio,
                               mqtt_port=broker)
        report = await player.play()
        assert report.mismatches == []
    finally:
        await station.stop()
        radio.close()
    with Session(station.store.engine) as session:
        entered = list(session.exec(select(SeatingRow)))
    per_section = {letter: sorted((r.table_no, r.round) for r in entered if r.section == letter)
                   for letter in "ABC"}
    assert per_section["A"] == [(t, 1) for t in range(1, TABLES + 1)]  # the first round
    assert len(per_section["B"]) == TABLES * movement.rounds  # every round
    assert per_section["C"] == []
    state = station.session
    for letter in "AB":  # every pair is seated from its first table, with names
        for pair in range(1, TABLES + 1):
            for side in ("NS", "EW"):
                numbers = state.seats.of(letter, pair, side)
                assert numbers == pair_numbers(letter, pair, side)
                assert player_names(state, numbers) == " & ".join(map(name_of, numbers))
    assert state.seats.of("C", 1, "NS") == ()
