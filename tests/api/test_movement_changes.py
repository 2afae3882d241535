"""The director changes a section's movement mid-session: a pair withdraws, or a new
movement takes over from a round on. Held results must still fit, or nothing changes."""

from __future__ import annotations

import httpx

from basestation.station.app import Station
from tests.api.conftest import ok, place

FOUR_S = {"contract": "4S", "declarer": "S", "tricks": 10}


async def test_a_pair_withdraws(director: httpx.AsyncClient, station: Station) -> None:
    # Section A: 3-table Mitchell, 6 boards; EW 2 sits at table 3 in round 2, table 1 in 3.
    await ok(await director.put(place(3, 2, 1), json=FOUR_S))  # EW 2 played round 2
    refused = await director.post("/api/sections/A/withdraw",
                                  json={"pair": 2, "direction": "EW", "from_round": 2})
    assert refused.status_code == 422
    assert "board 1 at table 3 in round 2" in refused.json()["detail"]
    gone = await ok(await director.post("/api/sections/A/withdraw",
                                        json={"pair": 2, "direction": "EW", "from_round": 3}))
    assert gone["seated"] == []
    movement = station.session.sections["A"].movement
    at = movement.at(3, 1)
    assert at is not None and at.ns == 1 and at.ew is None  # NS 1 sits out round 3
    assert station.session.sections["A"].expected_count == 18 - 2
    missing = await director.post("/api/sections/A/withdraw",
                                  json={"pair": 7, "direction": "EW", "from_round": 2})
    assert missing.status_code == 422 and "not in this movement" in missing.json()["detail"]


async def test_a_new_movement_from_a_round_on(director: httpx.AsyncClient,
                                              station: Station) -> None:
    await ok(await director.put(place(1, 1, 1), json=FOUR_S))
    await ok(await director.put(place(1, 2, 3), json=FOUR_S))  # NS 1 v EW 3, boards 3-4
    bigger = {"movement": "mitchell", "tables": 4, "boards": 8, "from_round": 2}
    clash = await director.put("/api/sections/A/movement", json=bigger)
    assert clash.status_code == 422  # in the new movement NS 1 meets EW 4 in round 2
    assert "do not fit the new movement" in clash.json()["detail"]
    await ok(await director.delete(place(1, 2, 3)))
    changed = await ok(await director.put("/api/sections/A/movement", json=bigger))
    assert (changed["kind"], changed["tables"], changed["boards"]) == ("custom", 4, 8)
    assert {(s["direction"], s["pair"], s["round"]) for s in changed["seated"]} == {
        ("NS", 4, 2), ("EW", 4, 2)}
    movement = station.session.sections["A"].movement
    first = movement.at(1, 1)
    assert first is not None and first.boards == (1, 2)  # round 1 as played
    assert station.session.sections["A"].held(1, 1, 1) is not None
    fields = await director.put("/api/sections/A/movement", json={
        "movement": "howell", "tables": 4, "boards": 28, "from_round": 2})
    assert fields.status_code == 422 and "keep the fields" in fields.json()["detail"]
    unknown = await director.put("/api/sections/A/movement", json={
        "movement": "square", "tables": 4, "boards": 8})
    assert unknown.status_code == 422
    log = await ok(await director.get("/api/audit"))
    assert log["entries"][0]["text"] == (
        "Movement changed: section A; mitchell 4 tables 8 boards from round 2, boards 8, "
        "tables 4")


async def test_more_rounds_reopen_a_complete_session(director: httpx.AsyncClient,
                                                     station: Station) -> None:
    movement = station.session.sections["A"].movement
    for a in movement.assignments:
        for board in a.boards:
            await ok(await director.put(place(a.table, a.round, board), json=FOUR_S))
    status = await ok(await director.get("/api/status"))
    # Every board in: complete, but public only once the director publishes.
    assert status["complete"] is True and status["results_public"] is False
    await ok(await director.put("/api/sections/A/movement", json={
        "movement": "mitchell", "tables": 4, "boards": 8, "from_round": 4}))
    status = await ok(await director.get("/api/status"))
    assert status["complete"] is False and status["results_public"] is False


async def test_a_late_pair_refused_in_plain_words(director: httpx.AsyncClient,
                                                  station: Station) -> None:
    """The checks run in the core now (station/rules/movement_changes.py): the same sentences,
    and nothing changed."""
    before = station.session.sections["A"].movement
    await ok(await director.put(place(1, 1, 1), json=FOUR_S))
    late = await director.post("/api/sections/A/late-pair", json={"from_round": 2})
    assert late.status_code == 422
    assert late.json()["detail"] == (
        "play has started and this movement has no phantom: a late pair could only join by "
        "adding a table before round 1")
    nowhere = await director.post("/api/sections/Z/late-pair", json={"from_round": 2})
    assert (nowhere.status_code, nowhere.json()["detail"]) == (404, "no section Z")
    unknown = await director.put("/api/sections/A/movement", json={
        "movement": "square", "tables": 4, "boards": 8})
    assert unknown.json()["detail"].startswith("movement must be one of ")
    assert station.session.sections["A"].movement is before
