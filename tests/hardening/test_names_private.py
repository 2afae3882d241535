"""A stranger on the club's network walks every route of the station's web server, served for
real (tests.servers.serve_station), without the director's login: no route names a player or
gives a national number from the club's list before the director publishes the night, and
after it only the published results do; a player's history, the club's list and who plays
where stay the director's. The pads' own routes (pairing, the published rankings) are among
those walked."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi.routing import APIRoute

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from tests.helpers import director
from tests.servers import serve_station

pytestmark = pytest.mark.integration

PASSWORD = "director-password-for-names"
CLUB = "\n".join(["number,name,national",
                  "101,Ann Zephyrine,NZB770101", "102,Bob Quillfeather,NZB770102",
                  "103,Cat Marrowgold,NZB770103", "104,Dan Wintercress,NZB770104",
                  "105,Eve Pallisandre,NZB770105", "106,Fay Oakenshaw,NZB770106"])
VISITOR = "Vera Visitingham"
SECRETS = re.compile(r"Zephyrine|Quillfeather|Marrowgold|Wintercress|Pallisandre|Oakenshaw|"
                     r"Visitingham|NZB7701")
# What the director's Publish makes everyone's, as the published website does: the night's
# results with their names (bracketed: a path's placeholders).
PUBLICATION = {"/api/results", "/api/rankings", "/api/travellers", "/api/matches",
               "/api/tables/{table}/rounds/{round}",
               "/api/sections/{section}/boards/{board}/traveller",
               "/api/sections/{section}/pairs/{pair}/scorecard",
               "/api/events/{event_id}/results", "/api/exports/pbn", "/api/exports/usebio",
               "/api/exports/csv", "/api/exports/rankings.csv", "/api/exports/matches.csv",
               "/api/competitions/summary", "/api/competitions/{competition_id}/ladder",
               "/api/competitions/{competition_id}/ladder.csv", "/api/exports/scorer.xml",
               "/api/events/{event_id}/scorer.xml"}


@pytest.fixture
async def station(tmp_path: Path) -> AsyncIterator[Station]:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           director_password=PASSWORD)
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    yield station
    await station.stop()


async def seed(url: str, station: Station) -> dict[str, str]:
    """The club's list with national numbers, two pairs seated (one with a visitor), results
    in, a competition counting the night; the values a path's placeholders take."""
    async with director(url, password=PASSWORD) as club:
        (await club.post("/api/players/csv", json={"csv": CLUB})).raise_for_status()
        for entrant, side, players in ((1, "NS", [{"number": 101}, {"number": 102}]),
                                       (1, "EW", [{"number": 103}, {"visitor": VISITOR}])):
            (await club.put(f"/api/seats/A/{entrant}",
                            json={"players": players, "side": side})).raise_for_status()
        for board in (1, 2):
            (await club.put(f"/api/sections/A/tables/1/rounds/1/boards/{board}",
                            json={"contract": "3NT", "declarer": "N",
                                  "tricks": 9})).raise_for_status()
        made = await club.post("/api/competitions", json={
            "name": "Winter ladder", "ranking": "pairs", "sessions": 4, "qualify": 1,
            "count": 1})
        made.raise_for_status()
        competition = made.json()["id"]
        (await club.put(f"/api/competitions/{competition}/events/"
                        f"{station.session.event_id}")).raise_for_status()
        # The director sees them: the search below would find them if they were sent.
        assert SECRETS.search((await club.get("/api/players")).text)
    return {"section": "A", "table": "1", "round": "1", "board": "1", "pair": "1",
            "entrant": "1", "unit": "17", "number": "101", "event_id": str(
                station.session.event_id), "competition_id": str(competition)}


async def readable_paths(url: str, station: Station) -> list[str]:
    """Every GET route: the API's from its OpenAPI document, the pages (and /docs, left out
    of the document) from the app's own routes; placeholders bracketed."""
    async with httpx.AsyncClient(base_url=url) as stranger:
        document = (await stranger.get("/openapi.json")).json()
    paths = {path for path, item in document["paths"].items() if "get" in item}
    assert len(paths) >= 40  # the whole API, not an empty document
    app = create_app(station, manage_station=False)
    paths |= {route.path for route in app.routes
              if isinstance(route, APIRoute) and "GET" in route.methods}
    return sorted(paths - {"/api/stream"})


def filled(path: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], path)


async def strangers_reads(url: str, paths: list[str], values: dict[str, str],
                          ) -> dict[str, str]:
    """What a stranger reads on each route: the path and the answer's text (with a year and
    date queries the routes take)."""
    read = {}
    async with httpx.AsyncClient(base_url=url, timeout=30) as stranger:
        for path in paths:
            params = {"year": "2026"} if path.endswith("/summary") else {}
            if path.endswith("/history"):
                params = {"since": "2000-01-01", "until": "2100-01-01"}
            answer = await stranger.get(filled(path, values), params=params)
            read[path] = f"{answer.status_code} {answer.text}"
    return read


async def stream_seen(url: str, station: Station, values: dict[str, str]) -> str:
    """What a stranger's live stream carries while the director seats a pair and enters a
    result."""
    seen = ""
    async with httpx.AsyncClient(base_url=url, timeout=30) as stranger, \
            stranger.stream("GET", "/api/stream") as events, \
            director(url, password=PASSWORD) as club:
        lines = events.aiter_lines()
        assert (await anext(lines)).startswith("retry")
        (await club.put("/api/seats/A/2", json={"players": [{"number": 105}, {"number": 106}],
                                                "side": "NS"})).raise_for_status()
        (await club.put("/api/sections/A/tables/1/rounds/1/boards/2",
                        json={"contract": "4S", "declarer": "S",
                              "tricks": 10})).raise_for_status()
        async with asyncio.timeout(10):
            async for line in lines:
                seen += line + "\n"
                if line.startswith("data: ") and json.loads(line[6:])["type"] == "result":
                    break
    return seen


async def test_a_stranger_reads_no_name_nor_national_number_on_any_route(
        station: Station) -> None:
    async with serve_station(station) as url:
        paths = await readable_paths(url, station)
        values = await seed(url, station)
        read = await strangers_reads(url, paths, values)
        told = {path: text[:200] for path, text in read.items() if SECRETS.search(text)}
        assert told == {}
        # The sweep that found names: every player's history is the director's.
        assert read["/api/players/{number}/history"].startswith("401 ")
        assert SECRETS.search(await stream_seen(url, station, values)) is None

        # Published: the night's results name their players, as the website does; the
        # player's history, the club's list and the seats are still the director's.
        async with director(url, password=PASSWORD) as club:
            (await club.post("/api/session/publish", json={"published": True})
             ).raise_for_status()
            history = await club.get("/api/players/101/history",
                                     params={"since": "2000-01-01", "until": "2100-01-01"})
            assert history.status_code == 200 and "Ann Zephyrine" in history.text
        read = await strangers_reads(url, paths, values)
        told = {path for path, text in read.items() if SECRETS.search(text)}
        assert told <= PUBLICATION, told - PUBLICATION
        assert "/api/rankings" in told  # the pads' published rankings, with the names
        for private in ("/api/players/{number}/history", "/api/players", "/api/seats",
                        "/api/players/csv"):
            assert read[private].startswith("401 "), private
