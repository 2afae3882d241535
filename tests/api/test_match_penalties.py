"""A teams event's adjusted scores and penalties through the API: an AVE+ ruling counts in the
match, VP and IMP penalties are added, shown, kept across a restart and removed, and bad ones
are refused in a sentence with nothing changed."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from typing import Any

import httpx

from basestation.station.app import Station
from tests.api.conftest import PASSWORD, ok, place, restarted

TEAMS = {"name": "Club teams", "format": "teams",
         "sections": [{"letter": "A", "tables": 4, "boards": 2}]}


async def _match(director: httpx.AsyncClient, a: int) -> dict[str, Any]:
    data = await ok(await director.get("/api/matches"))
    return next(m for m in data["sections"][0]["matches"] if m["round"] == 1 and m["a"] == a)


async def _standing(director: httpx.AsyncClient, entrant: int) -> dict[str, Any]:
    data = await ok(await director.get("/api/matches"))
    return next(s for s in data["sections"][0]["standings"] if s["entrant"] == entrant)


async def test_an_average_plus_counts_in_the_match(director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/events", json=TEAMS), 201)
    first = await _match(director, 1)
    home, away = first["tables"]
    # Board 1: 3NT made at both tables (even); board 2 cannot be played at the home table.
    for table in (home, away):
        await ok(await director.put(place(table, 1, first["boards"][0]), json={
            "contract": "3NT", "declarer": "N", "tricks": 9}))
    await ok(await director.put(place(away, 1, first["boards"][1]), json={
        "contract": "4S", "declarer": "N", "tricks": 10}))
    await ok(await director.post(place(home, 1, first["boards"][1]) + "/ruling",
                                 json={"adjusted": "AVE+/AVE-"}))
    # law12-adjusted-scores.txt, 12C2(b): average plus at IMP play is plus 3 IMPs.
    match = await _match(director, 1)
    assert match["finished"] and (match["imps_a"], match["imps_b"]) == (3, 0)
    assert match["vp_a"] > 10


async def test_vp_and_imp_penalties_are_kept_shown_and_removed(
        director: httpx.AsyncClient, station: Station) -> None:
    await ok(await director.post("/api/events", json=TEAMS), 201)
    first = await _match(director, 1)
    for table in first["tables"]:
        for board in first["boards"]:
            await ok(await director.put(place(table, 1, board), json={
                "contract": "3NT", "declarer": "N", "tricks": 9}))
    assert (await _match(director, 1))["vp_a"] == 10
    b = first["b"]
    # club-directors-manual.txt, "Penalty for fouled teams": "-2 each".
    vp_off = await ok(await director.post("/api/match-penalties", json={
        "section": "A", "entrant": 1, "vps": 2}), 201)
    assert vp_off["vps"] == 2 and vp_off["imps"] is None
    # rectification-of-fouled-movements.txt: "fined 3 IMPs", off round 1's match.
    imp_off = await ok(await director.post("/api/match-penalties", json={
        "section": "A", "entrant": b, "imps": 3, "round": 1}), 201)
    match = await _match(director, 1)
    assert match["imp_penalty_b"] == 3 and match["vp_a"] > 10
    assert match["vp_a"] + match["vp_b"] == 20
    assert (await _standing(director, 1))["vp_penalty"] == 2
    assert (await _standing(director, 1))["vps"] == match["vp_a"] - 2
    listed = await ok(await director.get("/api/match-penalties"))
    assert [p["id"] for p in listed] == [vp_off["id"], imp_off["id"]]
    audit = str(await ok(await director.get("/api/audit")))
    assert "Penalty: section A; 2 VPs to number 1" in audit and "3 IMPs to number" in audit
    async with restarted(station) as client:
        assert await ok(await client.get("/api/match-penalties")) == listed
        await ok(await client.post("/api/login", json={"password": PASSWORD}))
        kept = await ok(await client.get("/api/matches"))
    assert next(s for s in kept["sections"][0]["standings"]
                if s["entrant"] == 1)["vp_penalty"] == 2


async def test_match_penalties_removed(director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/events", json=TEAMS), 201)
    added = await ok(await director.post("/api/match-penalties", json={
        "section": "A", "entrant": 2, "vps": 1.5}), 201)
    assert (await _standing(director, 2))["vps"] == -1.5
    await ok(await director.delete(f"/api/penalties/{added['id']}"))
    assert await ok(await director.get("/api/match-penalties")) == []
    assert (await _standing(director, 2))["vps"] == 0


async def test_bad_match_penalties_are_refused_in_a_sentence(
        director: httpx.AsyncClient, station: Station) -> None:
    # A pairs event (the fixture's) takes no VP penalty.
    refused = await director.post("/api/match-penalties", json={
        "section": "A", "entrant": 1, "vps": 2})
    assert refused.status_code == 422
    assert "teams and Swiss events" in refused.json()["detail"]
    await ok(await director.post("/api/events", json=TEAMS), 201)
    bad = [({"entrant": 9, "vps": 2}, "has no team 9"),
           ({"entrant": 1, "vps": 25}, "the VPs must be at most 20"),
           ({"entrant": 1, "imps": 500, "round": 1}, "the IMPs must be at most 60"),
           ({"entrant": 1, "vps": -2}, "the VPs must be more than 0"),
           ({"entrant": 1, "imps": 3}, "which round"),
           ({"entrant": 1, "vps": 2, "imps": 3, "round": 1}, "VPs or in IMPs"),
           ({"entrant": 1, "imps": 3, "round": 9}, "no round 9")]
    for body, words in bad:
        answer = await director.post("/api/match-penalties", json={"section": "A", **body})
        assert answer.status_code == 422, body
        assert words.lower() in answer.json()["detail"].lower(), answer.json()
        if answer.json().get("key") == "penalty.no_entrant":  # "team" is a phrase too
            assert answer.json()["values"]["who"] == {"key": "penalty.team", "values": {}}
    assert station.session.match_penalties == []


async def test_an_adjusted_board_and_a_vp_penalty_reach_the_exports(
        director: httpx.AsyncClient) -> None:
    """The exports read the match as the match sheet does: the AVE+ board's 3 IMPs
    (law12-adjusted-scores.txt, 12C2(b)) and the VPs after the director's penalty."""
    await ok(await director.post("/api/events", json=TEAMS), 201)
    first = await _match(director, 1)
    home, away = first["tables"]
    for table in (home, away):
        await ok(await director.put(place(table, 1, first["boards"][0]), json={
            "contract": "3NT", "declarer": "N", "tricks": 9}))
    await ok(await director.put(place(away, 1, first["boards"][1]), json={
        "contract": "4S", "declarer": "N", "tricks": 10}))
    await ok(await director.post(place(home, 1, first["boards"][1]) + "/ruling",
                                 json={"adjusted": "AVE+/AVE-"}))
    await ok(await director.post("/api/match-penalties", json={
        "section": "A", "entrant": 1, "vps": 2}), 201)
    sheet = await _match(director, 1)
    matches = list(csv.DictReader(io.StringIO(
        (await director.get("/api/exports/matches.csv")).text)))
    row = next(r for r in matches if r["round"] == "1" and r["team_a"] == "1")
    assert (int(row["imps_a"]), int(row["imps_b"])) == (3, 0)
    assert float(row["vp_a"]) == sheet["vp_a"]
    standings = list(csv.DictReader(io.StringIO(
        (await director.get("/api/exports/rankings.csv")).text)))
    team = next(r for r in standings if r["pair"] == "1")
    assert float(team["vps"]) == (await _standing(director, 1))["vps"]
    usebio = ET.fromstring((await director.get("/api/exports/usebio")).text)
    imps = [b.findtext("IMPS") for m in usebio.iter("MATCH") for b in m.iter("BOARD")
            if m.findtext("ROUND_NUMBER") == "1"]
    assert "3" in imps
