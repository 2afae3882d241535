"""GET /api/matches and the director's Swiss draw, on a running station."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from basestation.station.app import Station
from tests.api.conftest import ok, place

SWISS = {"name": "Swiss teams", "format": "swiss-teams", "rounds": 3,
         "sections": [{"letter": "A", "tables": 4, "boards": 2}]}


async def _enter_round(director: httpx.AsyncClient, data: dict[str, Any], round_: int,
                       *, leave_out: int = 0) -> None:
    matches = [m for m in data["sections"][0]["matches"] if m["round"] == round_]
    places = [(t, b) for m in matches for t in m["tables"] for b in m["boards"]]
    for table, board in places[: len(places) - leave_out]:
        await ok(await director.put(place(table, round_, board), json={
            "contract": "3NT", "declarer": "N", "tricks": 9 + (table + board) % 3}))


async def _rounds_drawn(director: httpx.AsyncClient, wanted: int) -> dict[str, Any]:
    async with asyncio.timeout(10):
        while True:
            data = await ok(await director.get("/api/matches"))
            if data["sections"][0]["rounds_drawn"] >= wanted:
                return data
            await asyncio.sleep(0.05)


async def test_a_swiss_event_draws_each_round_as_it_ends(director: httpx.AsyncClient,
                                                         station: Station) -> None:
    event = await ok(await director.post("/api/events", json=SWISS), 201)
    assert (event["format"], event["rounds"]) == ("swiss-teams", 3)
    data = await ok(await director.get("/api/matches"))
    section = data["sections"][0]
    # club-directors-manual.txt, "Seeding and Draw for Swiss - Patrick Carter": four entries,
    # round 1 top half v bottom half (1 v 3, 2 v 4); round 2 each half folded (1 v 2, 3 v 4).
    assert [(m["a"], m["b"]) for m in section["matches"]] == [(1, 3), (2, 4)]
    assert section["matches"][0]["tables"] == [1, 2]
    assert section["rounds_drawn"] == 1 and not station.session.completed
    await _enter_round(director, data, 1)
    data = await _rounds_drawn(director, 2)
    section = data["sections"][0]
    assert [(m["a"], m["b"]) for m in section["matches"] if m["round"] == 2] == [(1, 2), (3, 4)]
    assert all(m["finished"] for m in section["matches"] if m["round"] == 1)
    assert sum(row["vps"] for row in section["standings"]) == 40  # 20 VPs a match
    # Round 2 short of one board: the director closes it, and round 3 is drawn now.
    await _enter_round(director, data, 2, leave_out=1)
    drawn = await ok(await director.post("/api/sections/A/draw"))
    assert drawn == {"section": "A", "round": 3}
    data = await ok(await director.get("/api/matches"))
    third = [frozenset((m["a"], m["b"])) for m in data["sections"][0]["matches"]
             if m["round"] == 3]
    assert third == [frozenset((1, 4)), frozenset((2, 3))]  # the only pairs not yet met
    assert data["sections"][0]["current_round"] == 3
    # Every round is drawn: another draw is refused and nothing changes.
    refused = await director.post("/api/sections/A/draw")
    assert refused.status_code == 422 and "all 3 rounds" in refused.json()["detail"]
    assert station.session.sections["A"].movement.rounds == 3


async def test_bad_formats_and_draws_are_refused(director: httpx.AsyncClient,
                                                 client: httpx.AsyncClient,
                                                 station: Station) -> None:
    # A pairs event has no matches and no Swiss draw.
    assert (await ok(await director.get("/api/matches")))["sections"] == []
    refused = await director.post("/api/sections/A/draw")
    assert refused.status_code == 422 and "no Swiss draw" in refused.json()["detail"]
    odd = await director.post("/api/events", json={**SWISS, "sections": [
        {"letter": "A", "tables": 5, "boards": 2}]})
    assert odd.status_code == 422 and "must be even" in odd.json()["detail"]  # a Troika
    three = await director.post("/api/events", json={**SWISS, "format": "teams", "sections": [
        {"letter": "A", "tables": 3, "boards": 2}]})
    assert three.status_code == 422 and "from 5 to 13" in three.json()["detail"]
    unknown = await director.post("/api/events", json={**SWISS, "format": "knockout"})
    assert unknown.status_code == 422 and "format must be one of" in unknown.json()["detail"]
    no_rounds = await director.post("/api/events", json={**SWISS, "rounds": 0})
    assert no_rounds.status_code == 422 and "number of rounds" in no_rounds.json()["detail"]
    assert station.session.event_format == "pairs"  # none of those opened anything
    await ok(await director.post("/api/events", json=SWISS), 201)
    missing = await director.post("/api/sections/Z/draw")
    assert missing.status_code == 404
    client.cookies.clear()
    assert (await client.post("/api/sections/A/draw")).status_code == 401
    assert station.session.sections["A"].movement.rounds == 1


async def test_a_round_finished_while_the_draw_was_not_running_is_drawn_at_start(
        director: httpx.AsyncClient, station: Station) -> None:
    # As if the station stopped between the round's last result and its draw.
    await ok(await director.post("/api/events", json=SWISS), 201)
    [drawing] = [t for t in station._tasks if t.get_name() == "swiss"]
    drawing.cancel()
    data = await ok(await director.get("/api/matches"))
    await _enter_round(director, data, 1)
    await asyncio.sleep(0.2)
    assert station.session.sections["A"].movement.rounds == 1  # nothing drew it
    await station.stop()
    await station.start()
    data = await _rounds_drawn(director, 2)
    assert [(m["a"], m["b"]) for m in data["sections"][0]["matches"] if m["round"] == 2] == [
        (1, 2), (3, 4)]


@pytest.mark.parametrize("event_format", ["teams", "swiss-teams", "swiss-pairs"])
async def test_every_page_of_the_api_reads_a_match_event(director: httpx.AsyncClient,
                                                         event_format: str) -> None:
    """The routes written for pairs events (grid, rankings, exports, ...) still answer."""
    await ok(await director.post("/api/events", json={**SWISS, "format": event_format}), 201)
    data = await ok(await director.get("/api/matches"))
    await _enter_round(director, data, 1, leave_out=1)
    schema = (await director.get("/openapi.json")).json()
    paths = [path for path, ops in schema["paths"].items() if "get" in ops]
    concrete = {"{section}": "A", "{table}": "1", "{round}": "1", "{board}": "1",
                "{pair}": "1"}
    for template in paths:
        path = template
        for name, value in concrete.items():
            path = path.replace(name, value)
        if "{" in path or path.endswith("/stream"):
            continue
        answer = await director.get(path)
        assert answer.status_code < 500, (path, answer.text)
