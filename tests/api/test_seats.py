"""The director seats pairs and teams through the API (GET /api/seats, PUT
/api/seats/{section}/{entrant}): names on the pages, every refusal a sentence with nothing
changed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import StationConfig
from tests.api.conftest import BROWSER, PASSWORD, ok, place

CLUB = [{"number": 101, "name": "Ann Smith"}, {"number": 102, "name": "Bob Jones"},
        {"number": 103, "name": "Cat Brown"}, {"number": 104, "name": "Dan White"},
        {"number": 105, "name": "Eve Green"}, {"number": 106, "name": "Fay Black"}]


def pair(*numbers: int | str, side: str | None = "NS") -> dict[str, Any]:
    players = [{"number": n} if isinstance(n, int) else {"visitor": n} for n in numbers]
    return {"players": players, "side": side}


def entrant(seats: dict[str, Any], number: int, side: str = "") -> dict[str, Any]:
    rows = seats["sections"][0]["entrants"]
    return next(r for r in rows if r["entrant"] == number and r["side"] == side)


@pytest.fixture
async def listed(director: httpx.AsyncClient) -> httpx.AsyncClient:
    """The director, the club's list of players put in."""
    await ok(await director.put("/api/players", json=CLUB))
    return director


async def test_the_director_seats_a_pair_and_changes_it_later(listed: httpx.AsyncClient,
                                                              station: Station) -> None:
    seats = await ok(await listed.get("/api/seats"))
    section = seats["sections"][0]
    assert (section["section"], section["entrant"], section["sides"]) == ("A", "pair",
                                                                           ["NS", "EW"])
    assert (section["fewest"], section["most"]) == (2, 2)
    assert entrant(seats, 1, "NS") == {"entrant": 1, "side": "NS", "players": [], "names": "",
                                       "pairs": None}
    seated = await ok(await listed.put("/api/seats/A/1", json=pair(101, 102)))
    assert seated["names"] == "Ann Smith & Bob Jones"
    assert [p["number"] for p in seated["players"]] == [101, 102]
    # EW pair 1 is another pair in a Mitchell: untouched.
    seats = await ok(await listed.get("/api/seats"))
    assert entrant(seats, 1, "EW")["names"] == ""
    # Changed later: the newest holds, and is stored.
    await ok(await listed.put("/api/seats/a/1", json=pair(103, 102)))
    seats = await ok(await listed.get("/api/seats"))
    assert entrant(seats, 1, "NS")["names"] == "Cat Brown & Bob Jones"
    rows = station.store.snapshot().seats
    assert [(r.side, r.players, r.actor) for r in rows] == [("NS", "101,102", "director"),
                                                            ("NS", "103,102", "director")]
    # The rankings and score cards read the same seats.
    assert station.session.seats.of("A", 1, "NS") == (103, 102)


async def test_a_visitor_seated_by_name_gets_a_number(listed: httpx.AsyncClient) -> None:
    seated = await ok(await listed.put("/api/seats/A/2", json=pair(101, " Vera  Visitor ",
                                                                 side="EW")))
    assert seated["players"] == [{"number": 101, "name": "Ann Smith"},
                                 {"number": 9_000_001, "name": "Vera Visitor"}]
    names = {p["number"]: p["name"] for p in await ok(await listed.get("/api/players"))}
    assert names[9_000_001] == "Vera Visitor"


async def test_every_refusal_is_a_sentence_and_changes_nothing(listed: httpx.AsyncClient,
                                                               station: Station) -> None:
    await ok(await listed.put("/api/seats/A/1", json=pair(101, 102)))
    before = await ok(await listed.get("/api/seats"))
    players = await ok(await listed.get("/api/players"))
    refused = [
        ("/api/seats/B/1", pair(101, 102), 404, "no section B"),
        ("/api/seats/A/9", pair(101, 102), 404, "NS pair 9 of section A does not play"),
        ("/api/seats/A/1", pair(101, 555), 422, "player 555 is not on the club's list"),
        ("/api/seats/A/1", pair(101), 422, "needs 2 players, not 1"),
        ("/api/seats/A/1", pair(101, 102, 103), 422, "needs 2 players, not 3"),
        ("/api/seats/A/1", pair(101, "  "), 422,
         "player 2 of NS pair 1 of section A: a visitor needs a name"),
        ("/api/seats/A/1", pair("Vera", "  "), 422, "a visitor needs a name"),
        ("/api/seats/A/1", pair(101, 101), 422, "player 101 is given twice"),
        ("/api/seats/A/1", pair(103, 104, side=None), 422,
         "say whether pair 1 is the NS or the EW pair"),
    ]
    for path, body, code, words in refused:
        answer = await listed.put(path, json=body)
        assert answer.status_code == code, (path, body, answer.text)
        assert words in answer.json()["detail"], answer.json()
    assert await ok(await listed.get("/api/seats")) == before
    assert await ok(await listed.get("/api/players")) == players  # no visitor "Vera" added
    assert len(station.store.snapshot().seats) == 1
    # Not a sentence of ours, but a plain one still: a player number out of range.
    answer = await listed.put("/api/seats/A/1", json={"players": [{"number": 0}, {"number": 1}]})
    assert answer.status_code == 422 and isinstance(answer.json()["detail"], str)


async def test_seating_needs_the_director(client: httpx.AsyncClient) -> None:
    answer = await client.put("/api/seats/A/1", json=pair(101, 102))
    assert answer.status_code == 401
    # Who plays is the director's too (the pads and the results pages name their own).
    assert (await client.get("/api/seats")).status_code == 401


async def test_a_one_field_pair_is_seated_without_a_direction(listed: httpx.AsyncClient) -> None:
    await ok(await listed.post("/api/events", json={
        "name": "Howell", "sections": [{"letter": "A", "movement": "howell", "tables": 3,
                                        "boards": 10}]}), 201)
    seats = await ok(await listed.get("/api/seats"))
    assert seats["sections"][0]["sides"] == [""]
    refused = await listed.put("/api/seats/A/4", json=pair(101, 102, side="NS"))
    assert refused.status_code == 422 and "without NS or EW" in refused.json()["detail"]
    seated = await ok(await listed.put("/api/seats/A/4", json=pair(101, 102, side=None)))
    assert seated["names"] == "Ann Smith & Bob Jones"


async def test_a_team_has_four_to_six_players_or_one_pair_at_a_time(
        listed: httpx.AsyncClient, station: Station) -> None:
    await ok(await listed.post("/api/events", json={
        "name": "Teams", "format": "teams",
        "sections": [{"letter": "A", "tables": 4, "boards": 6}]}), 201)
    seats = await ok(await listed.get("/api/seats"))
    section = seats["sections"][0]
    assert (section["entrant"], section["sides"], section["fewest"], section["most"]) == (
        "team", ["", "NS", "EW"], 4, 6)
    for count in (3, 7):
        answer = await listed.put("/api/seats/A/2", json=pair(*range(101, 101 + count),
                                                            side=None))
        assert answer.status_code == 422
        assert f"team 2 of section A needs 4 to 6 players, not {count}" in \
            answer.json()["detail"]
        # The range is a phrase of its own, said by a page in its language ("4 à 6").
        assert answer.json()["values"]["wanted"] == {
            "key": "seat.players_between", "values": {"least": 4, "most": 6}}
    team = await ok(await listed.put("/api/seats/A/2", json=pair(101, 102, 103, 104, 105,
                                                               side=None)))
    assert team["pairs"] == {"NS": "Ann Smith & Bob Jones", "EW": "Cat Brown & Dan White"}
    # One of its pairs changed: the team's EW pair now.
    team = await ok(await listed.put("/api/seats/A/2", json=pair(105, 106, side="EW")))
    assert team["side"] == "EW" and team["names"] == "Eve Green & Fay Black"
    seats = await ok(await listed.get("/api/seats"))
    assert entrant(seats, 2)["pairs"] == {"NS": "Ann Smith & Bob Jones",
                                          "EW": "Eve Green & Fay Black"}
    short = await listed.put("/api/seats/A/2", json=pair(105, 106, 101, 102, side="EW"))
    assert short.status_code == 422
    assert "the EW pair of team 2 of section A needs 2 players" in short.json()["detail"]
    # Who is meant is a phrase of its own, for a page to say in its language.
    assert short.json()["values"]["who"] == {
        "key": "entrant.team_side", "values": {"entrant": 2, "section": "A", "side": "EW"}}


@pytest.fixture
async def idle(tmp_path: Path) -> AsyncIterator[httpx.AsyncClient]:
    """A station with no event open, logged in."""
    config = StationConfig(id="club", database=f"sqlite:///{tmp_path / 'idle.db'}",
                           director_password=PASSWORD)
    made = Station(config, director_pin="4321")
    await made.start()
    transport = httpx.ASGITransport(app=create_app(made, manage_station=False))
    async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                 headers=BROWSER) as http:
        await ok(await http.post("/api/login", json={"password": PASSWORD}))
        yield http
    await made.stop()


async def test_no_event_open_nothing_to_seat(idle: httpx.AsyncClient) -> None:
    assert await ok(await idle.get("/api/seats")) == {"event": None, "format": "pairs",
                                                      "sections": []}
    answer = await idle.put("/api/seats/A/1", json=pair(101, 102))
    assert answer.status_code == 409 and answer.json()["detail"] == "no event is open"


async def test_results_name_the_pairs_as_seated_now(listed: httpx.AsyncClient,
                                                    station: Station) -> None:
    await ok(await listed.put("/api/seats/A/1", json=pair(101, 102)))
    await ok(await listed.put("/api/seats/A/1", json=pair(103, 104, side="EW")))
    first = station.session.sections["A"].movement.at(1, 1)
    assert first is not None and (first.ns, first.ew) == (1, 1)
    await ok(await listed.put(place(1, 1, first.boards[0]), json={
        "contract": "4S", "declarer": "N", "tricks": 10}))
    event_id = station.session.event_id
    document = await ok(await listed.get(f"/api/events/{event_id}/results"))
    [line] = document["travellers"][0]["results"]
    assert (line["ns_names"], line["ew_names"]) == ("Ann Smith & Bob Jones",
                                                   "Cat Brown & Dan White")
    card = next(c for c in document["scorecards"] if (c["pair"], c["direction"]) == (1, "NS"))
    assert card["names"] == "Ann Smith & Bob Jones"
    assert card["boards"][0]["opponents_names"] == "Cat Brown & Dan White"
    # A change shows at the next read: the results read the seats as they stand.
    await ok(await listed.put("/api/seats/A/1", json=pair(105, 106, side="EW")))
    document = await ok(await listed.get(f"/api/events/{event_id}/results"))
    assert document["travellers"][0]["results"][0]["ew_names"] == "Eve Green & Fay Black"
    ranked = {(r["pair"], r["direction"]): r["names"] for r in document["rankings"]}
    assert ranked[1, "EW"] == "Eve Green & Fay Black"
