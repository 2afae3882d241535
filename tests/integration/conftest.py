"""A running station for integration tests, on a real database and real links."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from basestation.movements import generate
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from tests.pads import VirtualRadio
from tests.servers import fresh_database

DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def expected_pairs(round_: int, table: int, tables: int = 3, boards: int = 6) -> Any:
    return generate("mitchell", tables, boards).at(round_, table)


@pytest.fixture
async def make_station(tmp_path: Path,
                       migrated_database: Path) -> AsyncIterator[Callable[..., Any]]:
    started: list[Station] = []

    async def make(*, mqtt_port: int | None = None, serial_ports: tuple[str, ...] = (),
                   database: str | None = None, tables: int = 3, boards: int = 6,
                   open_event: bool = True, director_pin: str | None = "4321",
                   player_numbers: str = "never", baud: int = 115200) -> Station:
        # The pads ask for no numbers unless a test says: most tests are about results.
        from basestation.station.config import SerialConfig

        config = StationConfig(
            id="club", secret="change-me",
            database=database or fresh_database(tmp_path / "station.db", migrated_database),
            mqtt_url=f"mqtt://127.0.0.1:{mqtt_port}" if mqtt_port else None,
            serial=tuple(SerialConfig(port=p, baud=baud) for p in serial_ports))
        station = Station(config, director_pin=director_pin)
        if open_event:
            station.open_event("Tuesday pairs", "nz",
                               [SectionConfig("A", "mitchell", tables, boards,
                                              player_numbers=player_numbers)],
                               {"A": {1: DEAL_1}})
        await station.start()
        for link in station.links:
            await _wait(link.connected)
        started.append(station)
        return station

    yield make
    for station in started:
        await station.stop()


async def _wait(event: Any) -> None:
    import asyncio

    async with asyncio.timeout(10):
        await event.wait()


@pytest.fixture
async def radio() -> AsyncIterator[VirtualRadio]:
    """The receiver's air for the tests' own pads (tests.pads); a module playing the
    simulator's pads defines its own."""
    air = VirtualRadio()
    yield air
    air.close()
