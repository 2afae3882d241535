"""Across the field as New Zealand clubs place it (issue 49): boards matchpointed across every
section (the Scorer's "Score all sections"), pairs placed per section and direction as the
Scorer does, or across the room, both places shown; a Mitchell section gives two fields and a
Howell section one, in the same session."""

from __future__ import annotations

from typing import Any

from basestation.scoring import parse_traveller_json, regulations, score_session
from tests.scoring.test_session import _across_json, _ranking

NZ = regulations("nz")


def test_skippers_example_placed_per_section_and_direction_and_across_the_room() -> None:
    # club-directors-manual.txt, "Scoring across the room – John Skipper": scored across the
    # field, A4 "has ... gone from 1st in their section to third overall"; the Scorer places
    # each section apart while scoring across the field, so A3 is first of section A.
    by_section = _ranking(score_session(parse_traveller_json(
        {**_across_json(True), "places": "section"}), NZ))
    assert [by_section[("A", "NS", p)].rank_label for p in (3, 4, 1, 2)] == ["1", "2", "3=", "3="]
    assert [by_section[("B", "NS", p)].rank_label for p in (1, 2, 4, 3)] == ["1", "2=", "2=", "4"]
    assert by_section[("A", "NS", 3)].pct == 71.43  # the matchpoints are the room's
    # Both places are shown, whichever the event places by.
    assert [(by_section[k].section_place, by_section[k].room_place) for k in (
        ("B", "NS", 1), ("A", "NS", 3), ("A", "NS", 4))] == [("1", "1"), ("1", "2"), ("2", "3=")]
    by_room = _ranking(score_session(parse_traveller_json(
        {**_across_json(True), "places": "room"}), NZ))
    assert [by_room[k].rank_label for k in (("B", "NS", 1), ("A", "NS", 3), ("A", "NS", 4))] == [
        "1", "2", "3="]
    # Without `places`, across the room places across the room, as before.
    plain = _ranking(score_session(parse_traveller_json(_across_json(True)), NZ))
    assert {k: e.rank_label for k, e in plain.items()} == {
        k: e.rank_label for k, e in by_room.items()}
    json = score_session(parse_traveller_json(_across_json(True)), NZ).to_scored_json()
    first = json["ranking"][0]
    assert (first["section"], first["pair"], first["section_place"], first["room_place"]) == (
        "B", 1, "1", "1")


# Two boards, a Mitchell section A (NS 1 and 2 v EW 1 and 2) and a Howell section C (pairs 1
# to 4, each in both directions), matchpointed across the field: four results a board, top 6.
MIXED: dict[str, Any] = {"scoring": "matchpoints", "across_the_room": True, "boards": [
    {"board": 1, "results": [
        {"section": "A", "ns": 1, "ew": 1, "score_ns": 420},
        {"section": "A", "ns": 2, "ew": 2, "score_ns": 400},
        {"section": "C", "ns": 1, "ew": 2, "score_ns": 450},
        {"section": "C", "ns": 3, "ew": 4, "score_ns": -50}]},
    {"board": 2, "results": [
        {"section": "A", "ns": 1, "ew": 2, "score_ns": 100},
        {"section": "A", "ns": 2, "ew": 1, "score_ns": -100},
        {"section": "C", "ns": 4, "ew": 1, "score_ns": 100},
        {"section": "C", "ns": 2, "ew": 3, "score_ns": 140}]}]}


def test_a_mitchell_and_a_howell_scored_across_the_field_together() -> None:
    scored = score_session(parse_traveller_json({**MIXED, "places": "section"}), NZ)
    # Board 1 across the field: 450 beats all (6), 420 (4), 400 (2), -50 (0).
    assert [(line.result.section, line.mp_ns) for line in scored.boards[0].results] == [
        ("A", 4), ("A", 2), ("C", 6), ("C", 0)]
    # Board 2: 140 (6), 100 twice (3 each), -100 (0).
    assert [line.mp_ns for line in scored.boards[1].results] == [3, 0, 3, 6]
    ranking = _ranking(scored)
    # A gives two fields (its NS pairs, its EW pairs); C one, its pairs in both directions.
    assert set(ranking) == {("A", "NS", 1), ("A", "NS", 2), ("A", "EW", 1), ("A", "EW", 2),
                            ("C", None, 1), ("C", None, 2), ("C", None, 3), ("C", None, 4)}
    # By hand: A NS 1: 4 + 3 = 7 of 12; A NS 2: 2 + 0; A EW 1: 2 + 6 = 8; A EW 2: 4 + 3 = 7.
    # C 1: 6 (NS) + 3 (EW, 6 - 3) = 9; C 2: 0 (EW) + 6 = 6; C 3: 0 + 0 = 0; C 4: 6 + 3 = 9.
    assert {k: e.total for k, e in ranking.items()} == {
        ("A", "NS", 1): 7, ("A", "NS", 2): 2, ("A", "EW", 1): 8, ("A", "EW", 2): 7,
        ("C", None, 1): 9, ("C", None, 2): 6, ("C", None, 3): 0, ("C", None, 4): 9}
    assert ranking[("C", None, 1)].pct == 75.0 and ranking[("C", None, 1)].maximum == 12
    assert [ranking[("C", None, p)].rank_label for p in (1, 4, 2, 3)] == ["1=", "1=", "3", "4"]
    assert [ranking[("A", d, 1)].rank_label for d in ("NS", "EW")] == ["1", "1"]
    # Across the room, each direction is one list and the Howell's pairs one of their own.
    room = _ranking(score_session(parse_traveller_json({**MIXED, "places": "room"}), NZ))
    assert room[("C", None, 1)].rank_label == "1="
    assert room[("A", "NS", 1)].room_place == "1" and room[("A", "EW", 2)].room_place == "2"
    # Said outright, as the station says it, the fields are the same.
    said = score_session(parse_traveller_json(
        {**MIXED, "two_field": {"A": True, "C": False}}), NZ)
    assert _ranking(said).keys() == ranking.keys()
