"""The grid's links to the other events' consoles ([[console]]) are named by the event open
there, asked of that console itself (real web servers here); one that has no event open or
does not answer keeps the name the configuration gives it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import ConsoleLink, SectionConfig, StationConfig
from tests.api.conftest import BROWSER, ok
from tests.servers import free_port, fresh_database, serve_station

pytestmark = pytest.mark.integration


async def started(tmp_path: Path, migrated: Path, name: str, event: str | None = None,
                  consoles: tuple[ConsoleLink, ...] = ()) -> Station:
    station = Station(StationConfig(id=name, database=fresh_database(
        tmp_path / f"{name}.db", migrated), consoles=consoles))
    if event is not None:
        station.open_event(event, "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    return station


@pytest.fixture
async def links(tmp_path: Path, migrated_database: Path) -> AsyncIterator[list[ConsoleLink]]:
    """Two other consoles serving, one with its event open and one with none, and a console
    where nothing answers, as the configuration names them."""
    second = await started(tmp_path, migrated_database, "second", "Thursday teams")
    empty = await started(tmp_path, migrated_database, "empty")
    try:
        async with serve_station(second) as second_url, serve_station(empty) as empty_url:
            yield [ConsoleLink("Second event", second_url),
                   ConsoleLink("Room two", empty_url + "/"),
                   ConsoleLink("Event gone", f"http://127.0.0.1:{free_port()}/")]
    finally:
        await second.stop()
        await empty.stop()


async def test_console_links_are_named_by_the_event_open_there(
        tmp_path: Path, migrated_database: Path, links: list[ConsoleLink]) -> None:
    here = await started(tmp_path, migrated_database, "club", "Tuesday pairs", tuple(links))
    try:
        transport = httpx.ASGITransport(app=create_app(here, manage_station=False))
        async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                     headers=BROWSER) as grid:
            named = await ok(await grid.get("/api/consoles"))
    finally:
        await here.stop()
    assert named == [{"name": "Thursday teams", "url": links[0].url},
                     {"name": "Room two", "url": links[1].url},
                     {"name": "Event gone", "url": links[2].url}]
