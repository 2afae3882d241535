"""An across-the-field night as New Zealand clubs run it (issue 49): two Mitchell sections
and a Howell section playing the same boards, matchpointed across the field together (the
Scorer's "Score all sections", seeds/club-directors-manual.txt, "9 SCORING ACROSS THE ROOM"),
each Mitchell giving two fields and the Howell one; pairs placed per section and direction
(as the Scorer places them) or across the room, as the event chose, both places shown."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.api.conftest import ok
from tests.api.scorer_night import CONTRACTS, LEADS, movements, read_scorer

NIGHT = {"name": "Wednesday across the field", "regulations": "nz", "across_the_field": True,
         "sections": [
             {"letter": "A", "movement": "mitchell", "tables": 5, "boards": 10},
             {"letter": "B", "movement": "mitchell", "tables": 5, "boards": 10},
             {"letter": "C", "movement": "howell", "tables": 3, "boards": 10}]}


async def _play_all(director: httpx.AsyncClient, rng: random.Random) -> None:
    for letter, movement in (await movements(director)).items():
        for a in movement["assignments"]:
            for board in a["boards"]:
                contract, declarer, tricks = rng.choice(CONTRACTS)
                await ok(await director.put(
                    f"/api/sections/{letter}/tables/{a['table']}/rounds/{a['round']}"
                    f"/boards/{board}", json={"contract": contract, "declarer": declarer,
                                              "tricks": tricks + rng.choice((-1, 0, 1)),
                                              "lead": LEADS[declarer]}))


def _places(rows: list[dict[str, Any]], field: Any) -> dict[tuple[str, int, Any], str]:
    """Places worked out here from the percentages: "2=" for a tie, within each field."""
    fields: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        fields.setdefault(field(row), []).append(row)
    placed = {}
    for members in fields.values():
        for row in members:
            above = sum(1 for other in members if other["pct"] > row["pct"])
            tied = sum(1 for other in members if other["pct"] == row["pct"]) > 1
            placed[(row["section"], row["pair"], row["direction"])] = \
                f"{above + 1}{'=' if tied else ''}"
    return placed


@pytest.mark.parametrize("places", ["section", "room"])
async def test_two_mitchells_and_a_howell_scored_across_the_field(
        director: httpx.AsyncClient, places: str) -> None:
    made = await ok(await director.post("/api/events", json={**NIGHT, "places": places}), 201)
    event = await ok(await director.get("/api/event"))
    assert (event["across_the_field"], event["places"]) == (True, places)
    await _play_all(director, random.Random(len(places)))
    results = await ok(await director.get(f"/api/events/{made['id']}/results"))
    assert (results["event"]["across_the_field"], results["event"]["places"]) == (True, places)

    # Each board is matchpointed once across the 13 tables that played it (5 + 5 + 3).
    by_board: dict[int, list[dict[str, Any]]] = {}
    for traveller in results["travellers"]:
        assert traveller["top"] == 2 * (13 - 1)
        by_board.setdefault(traveller["board"], []).extend(traveller["results"])
    assert sorted(by_board) == list(range(1, 11))
    for lines in by_board.values():
        assert len(lines) == 13 and {line["section"] for line in lines} == {"A", "B", "C"}
        scores = [line["score_ns"] for line in lines]
        for line in lines:  # 2 for each NS score beaten in the room, 1 for each tie
            beaten = sum(1 for s in scores if s < line["score_ns"])
            tied = sum(1 for s in scores if s == line["score_ns"]) - 1
            assert line["mp_ns"] == 2 * beaten + tied
            assert line["mp_ew"] == 24 - line["mp_ns"]

    # A Mitchell section gives two fields, the Howell one; each pair's total is its lines'.
    rows = results["rankings"]
    fields = {(r["section"], r["direction"]) for r in rows}
    assert fields == {("A", "NS"), ("A", "EW"), ("B", "NS"), ("B", "EW"), ("C", None)}
    assert len([r for r in rows if r["section"] == "C"]) == 6
    for row in rows:
        sides = ("ns", "ew") if row["direction"] is None else (row["direction"].lower(),)
        mine = [line[f"mp_{side}"] for lines in by_board.values() for line in lines
                for side in sides
                if line["section"] == row["section"] and line[side] == row["pair"]]
        assert row["total"] == pytest.approx(sum(mine)) and row["maximum"] == 24 * len(mine)

    # Both places shown; the event's choice is the pair's place.
    in_section = _places(rows, lambda r: (r["section"], r["direction"]))
    in_room = _places(rows, lambda r: r["direction"])
    for row in rows:
        key = (row["section"], row["pair"], row["direction"])
        assert (row["section_place"], row["room_place"]) == (in_section[key], in_room[key])
        assert row["rank_label"] == (in_section if places == "section" else in_room)[key]

    # The Scorer's XML says the boards were scored across the field, and places as chosen.
    xml = read_scorer((await director.get(f"/api/events/{made['id']}/scorer.xml")).text)
    assert xml.session["field_scoring"] == "Y"
    assert {p.direction for p in xml.pairs if p.section == "C"} == {None}
    placed = {(p.section, p.number, p.direction): p.place for p in xml.pairs}
    assert placed == {(r["section"], r["pair"], r["direction"]): r["rank_label"] for r in rows}
