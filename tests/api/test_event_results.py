"""An event's results in one document: the open event's (the director's while in play) and
past events' (everyone's), scored afresh from the database with the pairs' names."""

from __future__ import annotations

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
    event_id = station.rules.event_id
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
