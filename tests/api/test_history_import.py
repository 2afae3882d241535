"""The years before taken into the club's history (issue 49): a session's file (the Scorer's
XML, USEBIO, a PBN file of one game a table) becomes an event of its own that player
histories, ladders and competitions count; players matched to the club's list by national
number, the others added as visitors; a bad or self-contradicting file refused with the line
and the reason, nothing half imported; the same file twice refused; nothing the club keyed in
(the club's list, earlier nights) changed."""

from __future__ import annotations

import sqlite3
from typing import Any

import httpx

from basestation.station.app import Station
from tests.api.conftest import ok, restarted
from tests.api.scorer_night import club_night
from tests.api.test_past_files import PBN_GAMES


def stored(station: Station, *tables: str) -> dict[str, list[tuple[Any, ...]]]:
    path = station.config.database.removeprefix("sqlite:///")
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                for t in tables}


KEYED = ("player", "event", "section", "result", "seat", "hand_record", "penalty")


async def test_a_past_session_joins_the_history_and_nothing_keyed_in_changes(
        director: httpx.AsyncClient, station: Station) -> None:
    night, _special = await club_night(director)  # the club's own night, in play
    before = await ok(await director.get(f"/api/events/{night}/results"))
    scorer = (await director.get(f"/api/events/{night}/scorer.xml")).text
    # Two players of the file are not on the club's list (their NZB numbers are new), and
    # one has no NZB number to be known by (Player 107).
    past_file = scorer.replace('"NZB5021"', '"NZB7021"').replace('"NZB5022"', '"NZB7022"')
    players_before = {p["number"]: p for p in await ok(await director.get("/api/players"))}
    rows_before = stored(station, *KEYED)

    # A self-contradicting file: refused with its line, nothing imported.
    lines = past_file.splitlines()
    at = next(i for i, line in enumerate(lines) if 'score="' in line and 'cont="4 S"' in line)
    lines[at] = lines[at].replace('score="', 'score="1', 1)
    bad = await director.post("/api/history/import", json={"text": "\n".join(lines)})
    assert bad.status_code == 422
    assert bad.json()["detail"].startswith(f"line {at + 1}: board ")
    assert "nothing was imported" in bad.json()["detail"]
    assert stored(station, *KEYED) == rows_before

    done = await ok(await director.post("/api/history/import", json={"text": past_file}), 201)
    assert (done["name"], done["date"], done["sections"]) == (
        "Tuesday evening", "2026-03-17", ["A", "B"])
    assert len(done["visitors"]) == 3
    imported = done["event"]

    # Matched by national number, the others visitors with theirs: nothing else changed.
    players = {p["number"]: p for p in await ok(await director.get("/api/players"))}
    assert {n: p for n, p in players.items() if n in players_before} == players_before
    assert {(players[n]["name"], players[n].get("national")) for n in done["visitors"]} == {
        ("Player 107", None), ("Player 121", "NZB7021"), ("Player 122", "NZB7022")}
    after = stored(station, *KEYED)
    for table in ("result", "seat", "hand_record", "section"):  # the night's rows untouched
        assert after[table][:len(rows_before[table])] == rows_before[table]
    assert await ok(await director.get(f"/api/events/{night}/results")) == before

    # An event of its own, never the open one, its results the file's.
    events = {e["id"]: e for e in await ok(await director.get("/api/events"))}
    assert events[imported]["open"] is False and events[night]["open"] is True
    assert events[imported]["published"] is True
    assert (await ok(await director.get("/api/event")))["id"] == night
    past = await ok(await director.get(f"/api/events/{imported}/results"))
    assert {(r["section"], r["pair"], r["direction"]): (r["pct"], r["rank_label"])
            for r in past["rankings"]} == {
        (r["section"], r["pair"], r["direction"]): (r["pct"], r["rank_label"])
        for r in before["rankings"]}
    names = {(r["section"], r["pair"], r["direction"]): r["names"] for r in past["rankings"]}
    assert "Player 121" in " ".join(names.values())

    # Player histories count it: player 101 played both.
    history = await ok(await director.get(
        "/api/players/101/history?since=2026-01-01&until=2026-12-31"))
    assert [s["event"] for s in history["sessions"]].count(imported) == 1
    assert len(history["sessions"]) == 2
    # And a competition's ladder.
    made = await ok(await director.post("/api/competitions", json={
        "name": "Tuesdays", "sessions": 2, "qualify": 2, "count": 2}), 201)
    for event in (night, imported):
        await ok(await director.put(f"/api/competitions/{made['id']}/events/{event}"))
    ladder = await ok(await director.get(f"/api/competitions/{made['id']}/ladder"))
    assert ladder["sessions_played"] == 2

    # The same file again: refused, nothing changed.
    again_rows = stored(station, *KEYED)
    twice = await director.post("/api/history/import", json={"text": past_file})
    assert twice.status_code == 409 and "imported already" in twice.json()["detail"]
    assert stored(station, *KEYED) == again_rows

    # A restart: the open event is still the club's night.
    async with restarted(station) as client:
        assert (await ok(await client.get("/api/event")))["id"] == night


async def test_usebio_and_pbn_files_are_imported_too(director: httpx.AsyncClient) -> None:
    await club_night(director)
    usebio = (await director.get("/api/exports/usebio")).text
    done = await ok(await director.post("/api/history/import", json={"text": usebio}), 201)
    # All matched by NZB number, but Player 107, who has none: a visitor.
    assert len(done["visitors"]) == 1 and done["date"] == "2026-03-17"
    games = await ok(await director.post("/api/history/import", json={"text": PBN_GAMES}), 201)
    assert (games["name"], games["date"], games["results"]) == (
        "Thursday afternoon", "2019-05-16", 6)
    assert len(games["visitors"]) == 4  # named in the games, with no national numbers
    past = await ok(await director.get(f"/api/events/{games['event']}/results"))
    ns = {r["pair"]: r["total"] for r in past["rankings"] if r["direction"] == "NS"}
    assert ns == {1: 6, 2: 4, 3: 2}  # as `basestation score` and the hand count say
    no_date = PBN_GAMES.replace('[Date "2019.05.16"]\n', "").replace("Thursday", "Friday")
    refused = await director.post("/api/history/import", json={"text": no_date})
    assert refused.status_code == 422 and "day it was played" in refused.json()["detail"]
    dated = await ok(await director.post("/api/history/import", json={
        "text": no_date, "date": "2019-05-17"}), 201)
    assert dated["date"] == "2019-05-17"
