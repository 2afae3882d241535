"""An app on a running station (no links), called in-process through httpx."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import httpx
import pytest

from basestation.api import errors
from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.refusals import plain
from tests.helpers import english_values, log_in
from tests.servers import fresh_database

PASSWORD = "change-me"
# As a browser on the station's own pages says where its changes come from (api/origin.py).
BROWSER = {"Origin": "http://club"}


@pytest.fixture(autouse=True)
def refusals_in_phrases(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Every refusal answered in these tests says its values as names, numbers and phrases,
    never as an English sentence (a page says the whole refusal from MESSAGES, issue 52).
    Not under schemathesis: its made-up names ("as in the status") come back as values."""
    if request.module.__name__.endswith("test_schemathesis"):
        return

    def checked(values: Mapping[str, Any]) -> dict[str, Any]:
        answered = plain(values)
        assert english_values(answered) == [], answered
        return answered

    monkeypatch.setattr(errors, "plain", checked)


@pytest.fixture
async def station(tmp_path: Path, migrated_database: Path) -> AsyncIterator[Station]:
    config = StationConfig(id="club",
                           database=fresh_database(tmp_path / "station.db", migrated_database),
                           director_password=PASSWORD)
    station = Station(config, director_pin="4321")
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    yield station
    await station.stop()


@pytest.fixture
async def client(station: Station) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(station, manage_station=False)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                 headers=BROWSER) as http:
        yield http


@pytest.fixture
async def director(client: httpx.AsyncClient) -> httpx.AsyncClient:
    """The same client, logged in (the session cookie is kept)."""
    await log_in(client, PASSWORD)
    return client


def place(table: int, round_: int, board: int) -> str:
    return f"/api/sections/A/tables/{table}/rounds/{round_}/boards/{board}"


async def ok(response: Any, code: int = 200) -> Any:
    assert response.status_code == code, response.text
    return response.json()


@contextlib.asynccontextmanager
async def restarted(station: Station) -> AsyncIterator[httpx.AsyncClient]:
    """Stops the station, starts a new one on the same database (a restart) and yields a
    client of its app, not logged in; the new station stops afterwards."""
    await station.stop()
    again = Station(station.config)
    await again.start()
    try:
        transport = httpx.ASGITransport(app=create_app(again, manage_station=False))
        async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                     headers=BROWSER) as client:
            yield client
    finally:
        await again.stop()
