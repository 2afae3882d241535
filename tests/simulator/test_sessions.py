"""Whole simulated sessions against a real station: radio, MQTT, and both at once.

Once the injected faults are put right as a director would, the station holds exactly the
results the simulator played, and the rankings equal those of the intended travellers.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from basestation.movements import generate
from basestation.station.app import Station
from basestation.station.config import SectionConfig, SerialConfig, StationConfig
from simulator.broker import run_mosquitto
from simulator.deals import random_deals
from simulator.faults import Faults
from simulator.radio import AirFaults, VirtualRadio
from simulator.ranking import rank, ranking_rows
from simulator.session import SectionSetup, SessionPlayer

pytestmark = pytest.mark.integration

TABLES, BOARDS = 5, 10
FAULTS = Faults(wrong_board=0.08, wrong_lead=0.08, wrong_declarer=0.06, wrong_side=0.06,
                wrong_table_login=0.3, dead_pad=0.2, battery_change=0.1, dropout=0.1,
                air=AirFaults(loss=0.05, corrupt=0.03, duplicate=0.05, latency=(0.0, 0.005)),
                station_restart=True)


@pytest.fixture
def broker() -> Iterator[int]:
    with run_mosquitto() as port:
        yield port


@pytest.fixture
async def radio() -> AsyncIterator[VirtualRadio]:
    channel = VirtualRadio(FAULTS.air, random.Random(5))
    yield channel
    channel.close()


async def play(tmp_path: Path, links: dict[str, str], *, radio: VirtualRadio | None = None,
               mqtt_port: int | None = None, seed: int = 3, protocol: int = 2) -> SessionPlayer:
    deals = random_deals(BOARDS, random.Random(seed))
    config = StationConfig(
        database=f"sqlite:///{tmp_path / 'station.db'}",
        mqtt_url=f"mqtt://127.0.0.1:{mqtt_port}" if mqtt_port else None,
        serial=(SerialConfig(radio.port),) if radio else ())
    station = Station(config)
    station.open_event("Simulated", "nz",
                       [SectionConfig(letter, "mitchell", TABLES, BOARDS) for letter in links],
                       dict.fromkeys(links, deals))
    await station.start()
    try:
        for link in station.links:
            await link.connected.wait()
        movement = generate("mitchell", TABLES, BOARDS)
        player = SessionPlayer(
            station,
            [SectionSetup(letter, kind, movement, deals) for letter, kind in links.items()],
            speed=1500, seed=seed, faults=FAULTS, radio=radio, mqtt_port=mqtt_port,
            protocol=protocol)
        report = await player.play()
        assert report.mismatches == [], report.mismatches
        assert report.faults > 0 and report.recovered > 0
        held = rank(player.held_results())
        intended = rank(player.intended_results())
        assert ranking_rows(held) == ranking_rows(intended)
        return player
    finally:
        await station.stop()


async def test_session_on_the_radio(tmp_path: Path, radio: VirtualRadio) -> None:
    # Version 1 bridgepads (old firmware): the station still answers them in version 1.
    player = await play(tmp_path, {"A": "radio"}, radio=radio, protocol=1)
    assert all(pad.memory.protocol == 1 for pad in player.pads.values())
    assert radio.stats.lost and radio.stats.corrupted and radio.stats.duplicated
    assert player.report.station_restarts == 1


async def test_session_over_mqtt(tmp_path: Path, broker: int) -> None:
    player = await play(tmp_path, {"B": "mqtt"}, mqtt_port=broker, seed=4)
    # Every planned result is held (no mismatches); some arrive through the director.
    report = player.report
    assert report.accepted + report.corrected_by_director >= report.planned


async def test_session_on_both_links(tmp_path: Path, radio: VirtualRadio, broker: int) -> None:
    player = await play(tmp_path, {"A": "radio", "B": "mqtt"}, radio=radio, mqtt_port=broker,
                        seed=5)
    assert {key[0] for key in player.plan} == {"A", "B"}
