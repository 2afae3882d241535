"""A station in this process on a temporary SQLite store, talking MQTT to a real broker."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig


@pytest.fixture
async def mqtt_station(tmp_path: Path, mosquitto: int) -> AsyncIterator[Station]:
    config = StationConfig(id="club", secret="change-me",
                           database=f"sqlite:///{tmp_path / 'station.db'}",
                           mqtt_url=f"mqtt://127.0.0.1:{mosquitto}")
    station = Station(config)
    station.open_event("Hostile night", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    try:
        async with asyncio.timeout(10):
            for link in station.links:
                await link.connected.wait()
        yield station
    finally:
        await station.stop()
