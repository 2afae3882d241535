"""The director's result is checked as a pad's is: a lead from the wrong hand is flagged, on
the grid and in the answer, whose sentence says what the station holds now."""

from __future__ import annotations

import httpx

from tests.api.conftest import ok, place

# Board 1: North AKQJ of spades, West AKQJ of hearts. With South declaring, West leads.
PBN = ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
       '432.AKQJ.T98.765"]\n')


async def cell_state(director: httpx.AsyncClient) -> str:
    grid = await ok(await director.get("/api/grid"))
    state: str = grid["sections"][0]["tables"][0]["cells"][0]["state"]
    return state


async def test_a_lead_from_the_wrong_hand_is_flagged_when_the_director_enters_it(
        director: httpx.AsyncClient) -> None:
    await ok(await director.put("/api/sections/A/hand-records", json={"pbn": PBN}))
    wrong = await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10, "lead": "SA"}))
    assert wrong["flags"] == ["DIRECTOR_CHANGED", "LEAD_DECLARER_MISMATCH"]
    assert wrong["done"] == (
        "Board 1 at table A1, round 1: 4S= by South, lead ♠A, NS +420, sent to the pad. "
        "The lead is not from the hand on declarer's left in the hand record: check the "
        "lead and the declarer.")
    assert await cell_state(director) == "flagged"
    grid = await ok(await director.get("/api/grid"))
    assert [a for a in grid["alerts"] if a["kind"] == "lead_declarer_mismatch"] == [
        {"kind": "lead_declarer_mismatch", "section": "A", "table": 1, "round": 1,
         "board": 1}]

    # Put right, the flag goes: the cell shows the director's change only.
    right = await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10, "lead": "HK"}))
    assert right["flags"] == ["DIRECTOR_CHANGED"]
    assert right["done"] == ("Board 1 at table A1, round 1: 4S= by South, lead ♥K, NS +420, "
                             "sent to the pad.")
    assert await cell_state(director) == "corrected"


async def test_a_refused_correction_changes_nothing(director: httpx.AsyncClient) -> None:
    refused = await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10, "lead": "S1"})
    assert refused.status_code == 422
    assert "S1 is not a card" in refused.json()["detail"]
    assert await ok(await director.get("/api/sections/A/results")) == []
