"""Handicap pairs on a running station (issue 49): each player's handicap on the club's list
(imported with it, edited on the players' page, kept by every other change of the list), an
event set up as a handicap event placing pairs on the raw percentage plus half the pair's
handicap (its players' added; seeds/club-directors-manual.txt, "HANDICAPPING - Peter
Bowyer"), both rankings shown and exported: the Scorer's XML (`res` = `raw_score` +
`handicap`/2), USEBIO, CSV, and the rankings the pads read."""

from __future__ import annotations

import csv
import io
import random
import xml.etree.ElementTree as ET
from typing import Any

import httpx

from basestation.station.app import Station
from basestation.station.session.round_rankings import ranking_after
from firmware_protocol.messages import HANDICAPPED
from tests.api.conftest import ok
from tests.api.scorer_night import CLUB, movements, play, read_scorer, seat_everyone

# Every player's handicap, -9 to +9, one left without (107: counts 0).
HANDICAPS = {n: float((n % 19) - 9) for n, _, _ in CLUB if n != 107}
PLAYERS = "number,name,national,handicap\n" + "".join(
    f"{n},{name},{nzb},{'' if n not in HANDICAPS else f'{HANDICAPS[n]:+g}'}\n"
    for n, name, nzb in CLUB)
NIGHT = {"name": "Handicap pairs", "regulations": "nz", "handicap": True, "sections": [
    {"letter": "A", "movement": "mitchell", "tables": 5, "boards": 10, "phantom": True},
    {"letter": "B", "movement": "mitchell", "tables": 3, "boards": 6}]}


def _place(rows: list[dict[str, Any]], row: dict[str, Any], key: str) -> str:
    """A row's place in its section and direction on `key`, worked out here ("2=")."""
    field = [r for r in rows if (r["section"], r["direction"]) == (row["section"],
                                                                  row["direction"])]
    above = sum(1 for r in field if r[key] > row[key])
    tied = sum(1 for r in field if r[key] == row[key]) > 1
    return f"{above + 1}{'=' if tied else ''}"


async def test_a_handicap_night_is_placed_on_the_handicapped_percentage(
        director: httpx.AsyncClient, station: Station) -> None:
    stored = await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    assert stored["stored"] == len(CLUB)
    listed = {p["number"]: p for p in await ok(await director.get("/api/players"))}
    assert {n: p.get("handicap") for n, p in listed.items() if "handicap" in p} == HANDICAPS
    assert "handicap" not in listed[107]

    # Edited on the players' page: one handicap changed, one renamed player keeps his.
    await ok(await director.put("/api/players", json=[
        {"number": 101, "name": "Player 101", "handicap": -7.5},
        {"number": 102, "name": "Player One-Oh-Two"}]))
    handicaps = {**HANDICAPS, 101: -7.5}
    listed = {p["number"]: p for p in await ok(await director.get("/api/players"))}
    assert (listed[101]["handicap"], listed[102]["handicap"]) == (-7.5, HANDICAPS[102])
    # A list imported again without handicaps keeps every handicap.
    await ok(await director.post("/api/players/csv", json={
        "csv": "number,name,national\n103,Player 103,NZB5003\n"}))
    assert (await ok(await director.get("/api/players")))[2]["handicap"] == HANDICAPS[103]
    exported = (await director.get("/api/players/csv")).text
    assert "number,name,national,handicap" in exported and "101,Player 101,NZB5001,-7.5" in exported

    made = await ok(await director.post("/api/events", json=NIGHT), 201)
    assert (await ok(await director.get("/api/event")))["handicap"] is True
    moves = await movements(director)
    await seat_everyone(director, moves)
    seats = (await ok(await director.get("/api/seats")))["sections"]
    await play(director, moves, random.Random(49))
    results = await ok(await director.get(f"/api/events/{made['id']}/results"))
    assert results["event"]["handicap"] is True
    rows = results["rankings"]

    players = {(s["section"], e["entrant"], e.get("side") or None): e["players"]
               for s in seats for e in s["entrants"]}
    for row in rows:
        numbers = [p["number"] for p in players[(row["section"], row["pair"], row["direction"])]]
        pair = sum(handicaps.get(n, 0.0) for n in numbers)
        assert row["handicap"] == pair
        assert row["handicapped_pct"] == round(row["pct"] + pair / 2, 2)
        assert row["rank_label"] == _place(rows, row, "handicapped_pct")
        assert row["raw_place"] == _place(rows, row, "pct")
        assert row["ranking"] == "handicapped"
    assert any(row["rank_label"] != row["raw_place"] for row in rows)  # the handicaps told

    # The Scorer's XML: res = raw_score + handicap / 2, the pair's handicap its players' added.
    xml = read_scorer((await director.get(f"/api/events/{made['id']}/scorer.xml")).text)
    assert {s["handicap"] for s in xml.sections} == {"Y"}
    by_pair = {(r["section"], r["pair"], r["direction"]): r for r in rows}
    for pair in xml.pairs:
        row = by_pair[(pair.section, pair.number, pair.direction)]
        assert (pair.handicap, pair.raw, pair.place) == (
            row["handicap"], row["pct"], row["rank_label"])
        assert pair.result == round(pair.raw + pair.handicap / 2, 2)

    # USEBIO and CSV carry both: the handicapped place and percentage, the raw ones.
    usebio = ET.fromstring((await director.get("/api/exports/usebio")).text)
    for element in usebio.iterfind("EVENT/PARTICIPANTS/PAIR"):
        row = by_pair[(element.findtext("SECTION"), int(element.findtext("PAIR_NUMBER") or 0),
                       element.findtext("DIRECTION"))]
        assert element.findtext("PLACE") == row["rank_label"]
        assert float(element.findtext("PERCENTAGE") or 0) == row["pct"]
        assert float(element.findtext("HANDICAP") or "nan") == row["handicap"]
        assert float(element.findtext("HANDICAPPED_PERCENTAGE") or 0) == row["handicapped_pct"]
        assert element.findtext("RAW_PLACE") == row["raw_place"]
    ranked = list(csv.DictReader(io.StringIO((await director.get(
        "/api/exports/rankings.csv")).text)))
    assert len(ranked) == len(rows)
    for line in ranked:
        row = by_pair[(line["section"], int(line["pair"]), line["direction"] or None)]
        assert (line["rank"], line["raw_rank"]) == (row["rank_label"], row["raw_place"])
        assert float(line["handicap"]) == row["handicap"]
        assert float(line["handicapped_pct"]) == row["handicapped_pct"]

    # The rankings the pads read say which ranking they are: those pushed after a round
    # (SPEC.md 14.9) and the published ones.
    session = station.session
    section = session.sections["B"]
    pushed = ranking_after(section, section.movement.rounds, "nz", session.seats,
                           session.players, handicaps=session.handicaps)
    assert pushed.ranking == HANDICAPPED
    assert {(rank, pair, side, pct) for rank, pair, side, _, pct, _ in pushed.rows} == {
        (r["rank"], r["pair"], r["direction"], round(r["handicapped_pct"] * 100))
        for r in rows if r["section"] == "B"}
    await ok(await director.post(f"/api/events/{made['id']}/publish", json={}))
    pads = await ok(await director.get("/api/rankings"))
    assert {r["ranking"] for r in pads} == {"handicapped"}


async def test_a_night_that_is_not_a_handicap_event_is_placed_as_ever(
        director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/players/csv", json={"csv": PLAYERS}))
    made = await ok(await director.post("/api/events", json={**NIGHT, "handicap": False}), 201)
    moves = await movements(director)
    await seat_everyone(director, moves)
    await play(director, moves, random.Random(49))
    rows = (await ok(await director.get(f"/api/events/{made['id']}/results")))["rankings"]
    assert all(r["handicap"] is None and r["raw_place"] == r["rank_label"]
               and r["ranking"] == "raw" for r in rows)
    xml = read_scorer((await director.get(f"/api/events/{made['id']}/scorer.xml")).text)
    assert all(p.handicap == 0 and p.result == p.raw for p in xml.pairs)
