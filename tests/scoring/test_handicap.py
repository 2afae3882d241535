"""Handicap pairs (issue 49), as seeds/club-directors-manual.txt's "HANDICAPPING - Peter
Bowyer" runs them: a pair's handicap is its players' added, half of it is added to its raw
percentage, and it is placed on that; the raw places are kept beside."""

from __future__ import annotations

from typing import Any

import pytest

from basestation.scoring import ScoringError, parse_traveller_json, regulations, score_session
from basestation.scoring.handicap import allowance, handicapped, pair_handicap

NZ = regulations("nz")


def test_the_manuals_worked_examples() -> None:
    # "a top handicapped pair, say both on -9, scores 60% ... giving them 51%"
    assert handicapped(60, pair_handicap([-9, -9])) == 51
    # "A bottom handicapped pair both on +9 scores 40% ... giving them 49%"
    assert handicapped(40, pair_handicap([9, 9])) == 49
    # "Carla has a handicap of -9 ... Peter has a handicap of -6, adding the two together =
    # -15, dividing by 2 = -7.5 ... 60%, is reduced ... by 7.5 = 52.5%"
    assert pair_handicap([-9, -6]) == -15 and allowance(-15) == -7.5
    assert handicapped(60, -15) == 52.5
    assert pair_handicap([None, 4]) == 4  # a player without a handicap counts 0


# Three NS pairs (1 beats 2 beats 3 on both boards) against three EW pairs: NS 1 has 100%,
# NS 2 50%, NS 3 0%; EW likewise by the scores they conceded.
BOARDS = [{"board": b, "results": [{"ns": 1, "ew": 1 + (b % 3), "score_ns": 620},
                                   {"ns": 2, "ew": 1 + ((b + 1) % 3), "score_ns": 170},
                                   {"ns": 3, "ew": 1 + ((b + 2) % 3), "score_ns": -100}]}
          for b in (1, 2)]


def _session(**extra: Any) -> dict[str, Any]:
    return {"scoring": "matchpoints", "boards": BOARDS, **extra}


def test_a_handicap_session_places_pairs_on_the_handicapped_percentage() -> None:
    handicaps = [{"pair": 1, "direction": "NS", "handicap": -24},  # 100 - 12 = 88
                 {"pair": 2, "direction": "NS", "handicap": 80},   # 50 + 40 = 90
                 {"pair": 3, "direction": "NS", "handicap": 18}]   # 0 + 9 = 9
    scored = score_session(parse_traveller_json(_session(handicaps=handicaps)), NZ)
    ns = {e.pair: e for e in scored.ranking if e.direction == "NS"}
    assert [(ns[p].pct, ns[p].handicap, ns[p].handicapped_pct) for p in (1, 2, 3)] == [
        (100, -24, 88), (50, 80, 90), (0, 18, 9)]
    assert [(ns[p].rank_label, ns[p].raw_place) for p in (2, 1, 3)] == [
        ("1", "2"), ("2", "1"), ("3", "3")]
    # A pair not named has handicap 0: its handicapped percentage is its raw one.
    ew = [e for e in scored.ranking if e.direction == "EW"]
    assert all(e.handicap == 0 and e.handicapped_pct == e.pct for e in ew)
    assert [e.rank for e in scored.ranking[:3]] == [1, 2, 3]  # listed in the handicap order
    first = scored.to_scored_json()["ranking"][0]
    assert (first["pair"], first["handicap"], first["handicapped_pct"], first["raw_place"]) == (
        2, 80, 90, "2")


def test_without_handicaps_nothing_changes() -> None:
    scored = score_session(parse_traveller_json(_session()), NZ)
    assert all(e.handicap is None and e.handicapped_pct is None and e.raw_place == e.rank_label
               for e in scored.ranking)


@pytest.mark.parametrize(("handicaps", "said"), [
    ([{"pair": 1, "handicap": 3}], "give a direction"),
    ([{"pair": 1, "direction": "NS", "handicap": "low"}], "must be a number"),
    ([{"pair": 1, "direction": "NS", "handicap": 1}] * 2, "given twice"),
    ({"1": 3}, "must be a list"),
])
def test_bad_handicaps_are_refused(handicaps: Any, said: str) -> None:
    with pytest.raises(ScoringError, match=said):
        parse_traveller_json(_session(handicaps=handicaps))
