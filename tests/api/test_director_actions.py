"""The director's API end to end in-process: results, rulings, moves, penalties, units."""

from __future__ import annotations

import sqlite3
from typing import Any

import httpx
import pytest

from basestation.station.app import Station
from firmware_protocol.messages import CorrectionPush, NotPlayed
from tests.api.conftest import ok, place


async def test_enter_correct_erase_and_history(director: httpx.AsyncClient) -> None:
    # Section A, 3-table Mitchell on 6 boards: table 1 round 1 plays boards 1-2, NS 1 v EW 1.
    held = await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10}))
    assert held["score_ns"] == 420 and held["source"] == "director"
    held = await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 9}))
    assert held["score_ns"] == -50
    cell = await ok(await director.get("/api/sections/A/tables/1/rounds/1"))
    assert cell["ns"] == 1 and [b["board"] for b in cell["boards"]] == [1, 2]
    assert [h["status"] for h in cell["boards"][0]["history"]] == ["superseded", "active"]
    await ok(await director.delete(place(1, 1, 1)))
    assert await ok(await director.get("/api/sections/A/results")) == []
    grid = await ok(await director.get("/api/grid"))
    assert grid["sections"][0]["tables"][0]["cells"][0]["state"] == "current"


async def test_rulings_score(director: httpx.AsyncClient, station: Station) -> None:
    # Board 1 is played at tables 1 (NS1/EW1) and 3 (NS3/EW2)? Use the movement to be sure.
    movement = station.session.sections["A"].movement
    tables = [(a.round, a.table) for a in movement.assignments if 1 in a.boards]
    (r1, t1), (r2, t2) = tables[:2]
    await ok(await director.put(place(t1, r1, 1), json={
        "contract": "3NT", "declarer": "N", "tricks": 9}))
    ruled = await ok(await director.post(place(t2, r2, 1) + "/ruling",
                                         json={"adjusted": "60/40"}))
    assert ruled["kind"] == "adjusted" and ruled["adjusted"] == "60/40"
    weighted = await ok(await director.post(place(t1, r1, 1) + "/ruling", json={
        "weighted": [{"score_ns": 400, "weight": 60}, {"score_ns": -50, "weight": 40}]}))
    assert weighted["kind"] == "adjusted"
    arrow = await director.post(place(t2, r2, 1) + "/ruling", json={"arrowswitch": True})
    # An arrowswitch needs a played result; the board there holds a 60/40 only.
    assert arrow.status_code == 422
    bad = await director.post(place(t2, r2, 1) + "/ruling", json={"adjusted": "70/banana"})
    assert bad.status_code == 422
    traveller = await ok(await director.get("/api/sections/A/boards/1/traveller"))
    assert len(traveller["results"]) == 2
    ranking = await ok(await director.get("/api/rankings"))
    assert ranking and {"pair", "rank_label", "total"} <= set(ranking[0])
    for kind in ("pbn", "usebio", "csv", "rankings.csv"):
        export = await director.get(f"/api/exports/{kind}")
        assert export.status_code == 200 and export.text


async def test_move_a_wrong_board_and_penalty(director: httpx.AsyncClient) -> None:
    await ok(await director.put(place(1, 1, 1), json={
        "contract": "2H", "declarer": "E", "tricks": 8}))
    moved = await ok(await director.post(place(1, 1, 1) + "/move", json={"to_board": 2}))
    assert moved["board"] == 2 and moved["score_ns"] == -110  # board 2: NS vulnerable only
    results = await ok(await director.get("/api/sections/A/results"))
    assert [r["board"] for r in results] == [2]
    penalty = await ok(await director.post("/api/penalties", json={
        "section": "A", "pair": 1, "direction": "NS", "percent": 25}), 201)
    assert (await ok(await director.get("/api/penalties")))[0]["id"] == penalty["id"]
    await ok(await director.delete(f"/api/penalties/{penalty['id']}"))
    assert await ok(await director.get("/api/penalties")) == []
    # A 3-table Mitchell on 6 boards: NS and EW pairs 1-3. A penalty off anyone else is refused.
    for body, why in (({"pair": 4, "direction": "NS"}, "section A has no NS pair 4"),
                      ({"pair": 1, "direction": None}, "say whether pair 1 sits NS or EW"),
                      ({"pair": 1, "direction": "EW", "board": 7}, "section A has no board 7")):
        refused = await director.post("/api/penalties", json={
            "section": "A", "percent": 25, **body})
        assert refused.status_code == 422 and refused.json()["detail"] == why
    assert await ok(await director.get("/api/penalties")) == []


async def test_close_round_and_not_played(director: httpx.AsyncClient) -> None:
    await ok(await director.post(place(2, 1, 3) + "/not-played"))
    closed = await ok(await director.post("/api/sections/A/close-round"))
    assert closed["current_round"] == 2
    grid = await ok(await director.get("/api/grid"))
    kinds = {a["kind"] for a in grid["alerts"]}
    assert "missing_boards" in kinds


async def test_units_pair_lock_reset(director: httpx.AsyncClient) -> None:
    paired = await ok(await director.post("/api/units/31/pair"))
    assert len(paired["key"]) >= 32
    locked = await ok(await director.post("/api/units/31/lock"))
    assert locked["locked"] == "UNIT_LOCKED"
    reset = await ok(await director.post("/api/units/31/reset"))
    assert reset["locked"] is None
    # Paired but never heard: the reset says the pad could not be told.
    assert reset["done"] == ("Unit 31: lifted its lock and could not tell the pad, which the "
                             "station has not heard from; clear it on the pad itself.")
    assert (await director.post("/api/units/99/lock")).status_code == 404
    held_none = await director.post("/api/units/31/replace")
    assert held_none.status_code == 409
    assert held_none.json() == {"detail": "unit 31 holds no table", "key": "unit.no_table",
                                "values": {"unit": 31}}
    unknown = await director.post("/api/units/99/replace")
    assert unknown.status_code == 404 and unknown.json() == {"detail": "no unit 99",
                                                            "key": "unit.not_found",
                                                            "values": {"unit": 99}}
    # SPEC section 2: a unit id fits 16 bits, so a pad could never use a larger one.
    for unit in (0, 65536):
        refused = await director.post(f"/api/units/{unit}/pair")
        assert refused.status_code == 422
        assert refused.json()["detail"] == "unit numbers run from 1 to 65535"
    assert 65536 not in {u["unit"] for u in await ok(await director.get("/api/units"))}


async def test_event_movement_players_hand_records(director: httpx.AsyncClient) -> None:
    movement = await ok(await director.get("/api/sections/A/movement"))
    assert movement["balanced"] in (True, False) and "tables" in movement["balance_report"]
    await ok(await director.put("/api/players", json=[{"number": 7, "name": "Ann Smith"}]))
    assert {"number": 7, "name": "Ann Smith"} in await ok(await director.get("/api/players"))
    pbn = ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
           '432.AKQJ.T98.765"]\n')
    loaded = await ok(await director.put("/api/sections/A/hand-records", json={"pbn": pbn}))
    assert loaded["boards"] == [1] and loaded["ignored"] == []
    beyond = await ok(await director.put("/api/sections/A/hand-records", json={
        "pbn": pbn.replace('"1"', '"9"')}))
    assert beyond["boards"] == [] and beyond["ignored"] == [9]
    deals = await ok(await director.get("/api/sections/A/hand-records"))
    assert deals["deals"]["1"].startswith("N:AKQJ")
    opened = await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "B", "tables": 4, "boards": 8}]}), 201)
    assert opened["name"] == "Thursday" and opened["sections"][0]["letter"] == "B"


async def test_directors_changes_reach_the_pad_and_the_audit(
        director: httpx.AsyncClient, station: Station, monkeypatch: pytest.MonkeyPatch) -> None:
    """A not-played replaces the pad's copy too (not only results and erasures), and every
    change the director makes at a board is in the audit log."""
    station.session.sections["A"].holders[1] = 77  # unit 77 holds table 1
    await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10}))
    entry = NotPlayed(section="A", table=1, round=1, board=1, ns=1, ew=1)
    sends: list[tuple[int, Any]] = []
    monkeypatch.setattr(station.hub.outbox, "send", lambda unit, body: sends.append((unit, body)))
    await station.director.enter(entry)
    assert [(unit, type(body)) for unit, body in sends] == [(77, CorrectionPush)]
    assert isinstance(sends[0][1].result, NotPlayed)
    await ok(await director.delete(place(1, 1, 1)))
    with sqlite3.connect(station.config.database.removeprefix("sqlite:///")) as db:
        audit = [row[0] for row in db.execute("SELECT action FROM audit ORDER BY id")]
    assert [a for a in audit if a in ("enter", "erase")] == ["enter", "enter", "erase"]


async def test_hand_records_loaded_mid_session_reach_the_feedback(
        director: httpx.AsyncClient, station: Station) -> None:
    pbn = ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
           '432.AKQJ.T98.765"]\n')
    await ok(await director.put("/api/sections/A/hand-records", json={"pbn": pbn}))
    assert station.session.deal_text[("A", 1)].startswith("N:AKQJ")
