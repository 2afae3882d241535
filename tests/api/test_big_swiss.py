"""A congress Swiss field through the API: 120 pairs in Swiss pairs and 121 teams in Swiss
teams (a Troika), set up, played in part, and round 3 drawn from the standings."""

from __future__ import annotations

import time
from typing import Any

import httpx

from basestation.movements import troikas_of
from basestation.scoring.troika import troika_draw
from basestation.station.app import Station
from tests.api.conftest import ok, place


async def _play_some(director: httpx.AsyncClient, data: dict[str, Any], round_: int,
                     matches: int) -> None:
    """The first board of the first `matches` matches of the round, at every table."""
    drawn = [m for m in data["sections"][0]["matches"] if m["round"] == round_]
    for match in drawn[:matches]:
        for table, played_in in zip(match["tables"], match["rounds"], strict=True):
            if played_in != round_:
                continue  # a Troika match's other half is played next round
            await ok(await director.put(place(table, round_, match["boards"][0]), json={
                "contract": "4S", "declarer": "N",
                "tricks": 8 + (table * 7 + match["a"]) % 5}))


async def _draw(director: httpx.AsyncClient, round_: int) -> dict[str, Any]:
    drawn = await ok(await director.post("/api/sections/A/draw"))
    assert drawn == {"section": "A", "round": round_}
    return dict(await ok(await director.get("/api/matches")))


def _met(data: dict[str, Any], upto: int) -> set[frozenset[int]]:
    return {frozenset((m["a"], m["b"])) for m in data["sections"][0]["matches"]
            if m["round"] <= upto}


async def test_a_congress_field_of_120_pairs_plays_swiss_pairs(
        director: httpx.AsyncClient, station: Station) -> None:
    section = {"letter": "A", "tables": 120, "boards": 3}
    preview = await ok(await director.get("/api/setup/movement", params={
        **section, "format": "swiss-pairs", "rounds": 7}))
    assert preview["tables"] == 60 and len(preview["matches"]) == 60
    # club-directors-manual.txt, "Seeding and Draw for Swiss": top half v bottom half.
    assert (preview["matches"][0]["a"], preview["matches"][0]["b"]) == (1, 61)
    opened = await ok(await director.post("/api/setup/event", json={
        "name": "Congress Swiss Pairs", "format": "swiss-pairs", "rounds": 7,
        "sections": [section], "close_open": True}), 201)
    assert (opened["format"], opened["rounds"]) == ("swiss-pairs", 7)
    assert station.session.sections["A"].movement.tables == 60
    data = await ok(await director.get("/api/matches"))
    for round_ in (1, 2):
        await _play_some(director, data, round_, 20)
        data = await _draw(director, round_ + 1)
    third = [m for m in data["sections"][0]["matches"] if m["round"] == 3]
    assert len(third) == 60
    seated = sorted(e for m in third for e in (m["a"], m["b"]))
    assert seated == list(range(1, 121))
    assert not {frozenset((m["a"], m["b"])) for m in third} & _met(data, 2)
    # From the standings: the leader plays the highest-placed pair it has not met.
    ranked = [row["entrant"] for row in data["sections"][0]["standings"]]
    leader = ranked[0]
    [first] = [m for m in third if leader in (m["a"], m["b"])]
    opponent = first["b"] if first["a"] == leader else first["a"]
    met = _met(data, 2)
    assert opponent == next(e for e in ranked[1:] if frozenset((leader, e)) not in met)


async def test_an_odd_congress_field_of_121_teams_plays_swiss_teams_with_a_troika(
        director: httpx.AsyncClient, station: Station) -> None:
    section = {"letter": "A", "tables": 121, "boards": 2}
    preview = await ok(await director.get("/api/setup/movement", params={
        **section, "format": "swiss-teams", "rounds": 8}))
    assert preview["troika"] == [119, 120, 121] and preview["tables"] == 121
    await ok(await director.post("/api/setup/event", json={
        "name": "Congress Swiss Teams", "format": "swiss-teams", "rounds": 8,
        "sections": [section], "close_open": True}), 201)
    data = await ok(await director.get("/api/matches"))
    for round_ in (1, 2):
        await _play_some(director, data, round_, 15)
        started = time.perf_counter()
        data = await _draw(director, round_ + 1)
        # Drawn and sent to the pads at once (loosely: the machine is busy; the draw's own
        # figure is `basestation bench --only swiss`'s).
        assert time.perf_counter() - started < 30
    third = [m for m in data["sections"][0]["matches"] if m["round"] == 3]
    regular = [m for m in third if m["rounds"] == [3, 3]]
    # A Troika match is one only when its second half is drawn: its teams, from the tables.
    movement = station.session.sections["A"].movement
    troika = {movement.at(3, table).ns for table in (119, 120, 121)}  # type: ignore[union-attr]
    assert len(regular) == 59 and len(troika) == 3
    assert sorted([*troika, *(e for m in regular for e in (m["a"], m["b"]))]) == list(
        range(1, 122))
    met = _met(data, 2)
    assert not {frozenset((m["a"], m["b"])) for m in third} & met
    # club-directors-manual.txt, "Troika": "It is best to have the three bottom-ranked teams
    # play the Troika": none of the bottom three has met another, so they play it.
    ranked = [row["entrant"] for row in data["sections"][0]["standings"]]
    bottom = ranked[-3:]
    if not any(frozenset((a, b)) in met for a in bottom for b in bottom if a != b):
        assert troika == set(bottom)
    assert ranked[0] not in troika
    assert troikas_of(movement)[3] == tuple(e for e in ranked if e in troika)  # best first
    assert troika_draw(ranked, met) == (troikas_of(movement)[3],
                                        [(m["a"], m["b"]) for m in regular])


async def test_a_field_past_the_pads_table_numbers_is_refused_in_plain_words(
        director: httpx.AsyncClient, station: Station) -> None:
    old = station.session.event_id
    for tables, event_format, words in [
            (256, "swiss-pairs", "tables (item 1 of sections) must be at most 255"),
            (120, "pairs", "a Mitchell needs 3 to 30 tables, not 120")]:
        opened = await director.post("/api/setup/event", json={
            "name": "Too big", "format": event_format, "rounds": 6, "close_open": True,
            "sections": [{"letter": "A", "tables": tables, "boards": 2}]})
        assert opened.status_code == 422, opened.text
        assert isinstance(opened.json()["detail"], str) and words in opened.json()["detail"]
    assert station.session.event_id == old
