"""An event's results in one document: the open event's (the director's while in play) and
past events' (everyone's), scored afresh from the database with the pairs' names."""

from __future__ import annotations

import asyncio

import httpx

from basestation.station.app import Station
from basestation.store import repository as repo
from basestation.store.models import SeatingRow
from tests.api.conftest import PASSWORD, ok, place
from tests.formats.test_handrecords_players import PBN


async def play_round_one(director: httpx.AsyncClient, station: Station) -> int:
    """Boards 1-6 of round 1 (two boards at each of three tables), with names for pair 1 NS."""
    await ok(await director.put("/api/players", json=[
        {"number": 12, "name": "Ann Smith"}, {"number": 7, "name": "Bob Brown"}]))
    await ok(await director.put("/api/sections/A/hand-records", json={"pbn": PBN}))
    event_id = station.session.event_id
    assert event_id is not None
    station.store.commit([repo.add(SeatingRow(event_id=event_id, section="A", table_no=1,
                                              round=1, north=12, east=0, south=7, west=0))])
    for table, boards in ((1, (1, 2)), (2, (3, 4)), (3, (5, 6))):
        for board in boards:
            tricks = 10 if table == 1 else 9
            await ok(await director.put(place(table, 1, board), json={
                "contract": "4S", "declarer": "S", "tricks": tricks}))
    return event_id


async def test_the_open_events_results_with_names_deals_and_score_cards(
        director: httpx.AsyncClient, client: httpx.AsyncClient, station: Station) -> None:
    event_id = await play_round_one(director, station)
    document = await ok(await director.get(f"/api/events/{event_id}/results"))
    event = document["event"]
    assert (event["name"], event["open"], event["running"], event["results"]) == (
        "Tuesday pairs", True, True, 6)
    assert event["date"] is not None
    names = {(r["pair"], r["direction"]): r["names"] for r in document["rankings"]}
    assert names[(1, "NS")] == "Ann Smith & Bob Brown" and names[(2, "NS")] == ""
    board_one = next(t for t in document["travellers"] if t["board"] == 1)
    assert board_one["deal"].startswith("N:AKQJ.T98.765.432")
    card = next(c for c in document["scorecards"] if (c["pair"], c["direction"]) == (1, "NS"))
    assert card["names"] == "Ann Smith & Bob Brown"
    assert [(b["board"], b["opponents"], b["score_ns"]) for b in card["boards"]] == [
        (1, 1, 420), (2, 1, 620)]  # board 2: NS vulnerable
    # While the session is in play the results are the director's.
    client.cookies.clear()
    refused = await client.get(f"/api/events/{event_id}/results")
    assert refused.status_code == 401


async def test_a_past_events_results_stay_openable(director: httpx.AsyncClient,
                                                   station: Station) -> None:
    event_id = await play_round_one(director, station)
    before = await ok(await director.get(f"/api/events/{event_id}/results"))
    await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "A", "tables": 4, "boards": 8}]}), 201)
    # Closed by the new event: ended, and unpublished until the director publishes it.
    past = await ok(await director.get(f"/api/events/{event_id}/results"))
    assert (past["event"]["open"], past["event"]["running"], past["event"]["ended"],
            past["event"]["published"]) == (False, False, True, False)
    await ok(await director.post("/api/logout"))
    refused = await director.get(f"/api/events/{event_id}/results")
    assert refused.status_code == 401 and "not published yet" in refused.json()["detail"]
    assert (await director.post(f"/api/events/{event_id}/publish", json={})).status_code == 401
    await ok(await director.post("/api/login", json={"password": PASSWORD}))
    await ok(await director.post(f"/api/events/{event_id}/publish", json={"published": True}))
    missing = await director.post("/api/events/999/publish", json={})
    assert missing.status_code == 404 and missing.json()["detail"] == "no event 999"
    await ok(await director.post("/api/logout"))
    past = await ok(await director.get(f"/api/events/{event_id}/results"))
    assert past["event"]["published"] is True
    assert past["rankings"] == before["rankings"]
    assert past["travellers"] == before["travellers"]
    assert past["scorecards"] == before["scorecards"]
    missing = await director.get("/api/events/999/results")
    assert missing.status_code == 404 and missing.json()["detail"] == "no event 999"


SWISS = {"name": "Swiss teams", "format": "swiss-teams", "rounds": 3,
         "sections": [{"letter": "A", "tables": 4, "boards": 2}]}


async def play_swiss_round_one(director: httpx.AsyncClient, station: Station) -> int:
    """Round 1 (1 v 3 at tables 1 and 2, 2 v 4 at tables 3 and 4): 4S by South everywhere,
    made at the odd tables and one off at the even ones; team 1's NS pair gave its numbers."""
    await ok(await director.post("/api/events", json=SWISS), 201)
    await ok(await director.put("/api/players", json=[
        {"number": 12, "name": "Ann Smith"}, {"number": 7, "name": "Bob Brown"}]))
    event_id = station.session.event_id
    assert event_id is not None
    station.store.commit([repo.add(SeatingRow(event_id=event_id, section="A", table_no=1,
                                              round=1, north=12, east=0, south=7, west=0))])
    for table in (1, 2, 3, 4):
        for board in (1, 2):
            await ok(await director.put(place(table, 1, board), json={
                "contract": "4S", "declarer": "S", "tricks": 10 if table % 2 else 9}))
    async with asyncio.timeout(10):  # round 1 is in: round 2 is drawn as the station goes on
        while station.session.sections["A"].movement.rounds < 2:
            await asyncio.sleep(0.02)
    return event_id


async def test_a_swiss_events_results_hold_its_standings_and_matches_board_by_board(
        director: httpx.AsyncClient, station: Station) -> None:
    pairs_event = station.session.event_id
    pairs = await ok(await director.get(f"/api/events/{pairs_event}/results"))
    assert pairs["matches"] is None and pairs["event"]["format"] == "pairs"
    event_id = await play_swiss_round_one(director, station)
    document = await ok(await director.get(f"/api/events/{event_id}/results"))
    assert document["event"]["format"] == "swiss-teams"
    assert document["rankings"] == [] and document["scorecards"] == []  # no matchpoints
    matches = document["matches"]
    assert (matches["format"], matches["rounds"]) == ("swiss-teams", 3)
    [section] = matches["sections"]
    # The standings are GET /api/matches' own, with the teams' names where the players gave
    # their numbers (team 1's NS pair at its home table 1).
    live = await ok(await director.get("/api/matches"))
    [live_section] = live["sections"]
    assert [{k: v for k, v in s.items() if k != "names"} for s in section["standings"]] == (
        live_section["standings"])
    names = {s["entrant"]: s["names"] for s in section["standings"]}
    assert names == {1: "Ann Smith & Bob Brown", 2: "", 3: "", 4: ""}
    first = next(m for m in section["matches"] if (m["a"], m["b"]) == (1, 3))
    assert (first["imps_a"], first["imps_b"], first["vp_a"]) == (22, 0, 20.0)
    # Board 1 (none vulnerable): +420 at table 1 and -50 at table 2, 470 to team 1: 10 IMPs;
    # board 2 (NS vulnerable): +620 and -100, 720: 12 IMPs.
    rows = [(b["board"], b["compared"], b["imps_a"],
             [(t["table"], t["contract"], t["tricks"], t["score_ns"]) for t in b["tables"]])
            for b in first["board_results"]]
    assert rows == [(1, True, 10, [(1, "4S", 10, 420), (2, "4S", 9, -50)]),
                    (2, True, 12, [(1, "4S", 10, 620), (2, "4S", 9, -100)])]
    # Round 2 is drawn and not begun: its boards are listed, nothing compared.
    later = [m for m in section["matches"] if m["round"] == 2]
    assert later and all(b["imps_a"] is None and b["tables"] == [None, None]
                         for m in later for b in m["board_results"])
    # Closed by a new event, the past Swiss event is scored afresh to the same document.
    await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "A", "tables": 3, "boards": 6}]}), 201)
    past = await ok(await director.get(f"/api/events/{event_id}/results"))
    assert past["matches"] == matches and past["event"]["open"] is False


async def test_a_swiss_pairs_match_is_one_table_imped_against_the_datum(
        director: httpx.AsyncClient, station: Station) -> None:
    await ok(await director.post("/api/events", json={
        "name": "Swiss pairs", "format": "swiss-pairs", "rounds": 2,
        "sections": [{"letter": "A", "tables": 4, "boards": 1}]}), 201)
    # Round 1 (1 v 3 at table 1, 2 v 4 at table 2), board 1: 4S made at table 1, one off at
    # table 2.
    for table, tricks in ((1, 10), (2, 9)):
        await ok(await director.put(place(table, 1, 1), json={
            "contract": "4S", "declarer": "S", "tricks": tricks}))
    event_id = station.session.event_id
    document = await ok(await director.get(f"/api/events/{event_id}/results"))
    [section] = document["matches"]["sections"]
    live = await ok(await director.get("/api/matches"))
    first = [m for m in section["matches"] if m["round"] == 1]
    assert [(m["a"], m["b"], m["tables"]) for m in first] == [(1, 3, [1]), (2, 4, [2])]
    for match, shown in zip(first, live["sections"][0]["matches"], strict=False):
        [board] = match["board_results"]
        [entry] = board["tables"]
        assert (board["board"], board["compared"], entry["table"]) == (1, True,
                                                                       match["tables"][0])
        # The IMPs against the datum are the match's own: its only board's IMPs.
        assert board["imps_a"] == shown["imps_a"] - shown["imps_b"]
    assert first[0]["board_results"][0]["imps_a"] > 0 > first[1]["board_results"][0]["imps_a"]


async def test_an_american_whist_match_is_shown_from_both_its_rounds(
        director: httpx.AsyncClient, station: Station) -> None:
    await ok(await director.post("/api/events", json={
        "name": "Teams", "format": "teams",
        "sections": [{"letter": "A", "tables": 5, "boards": 1}]}), 201)
    data = await ok(await director.get("/api/matches"))
    # Five teams play an American Whist: a match's two halves in two rounds.
    match = data["sections"][0]["matches"][0]
    (home, away), (first, second) = match["tables"], match["rounds"]
    assert first != second
    [board] = match["boards"]
    for table, round_, tricks in ((home, first, 10), (away, second, 9)):
        await ok(await director.put(f"/api/sections/A/tables/{table}/rounds/{round_}/boards/"
                                    f"{board}", json={"contract": "4S", "declarer": "S",
                                                      "tricks": tricks}))
    document = await ok(await director.get(f"/api/events/{station.session.event_id}/results"))
    shown = document["matches"]["sections"][0]["matches"][0]
    [row] = shown["board_results"]
    assert [(t["table"], t["round"], t["tricks"]) for t in row["tables"]] == [
        (home, first, 10), (away, second, 9)]
    assert row["compared"] and row["imps_a"] == shown["imps_a"] - shown["imps_b"] > 0
