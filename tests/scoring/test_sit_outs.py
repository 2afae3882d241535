"""A pair that sat out boards against the phantom (issue 49): compared on the boards it
played, its total factored up to the boards it sat out (seeds/club-directors-manual.txt,
"Phantom": "The pairs who play fewer boards have their scores factored, so that there is a
fair comparison with pairs who have played more boards"), worked out here by hand."""

from __future__ import annotations

from typing import Any

from basestation.scoring import parse_traveller_json, regulations, score_session

NZ = regulations("nz")

# Four boards, each played at three tables; EW 4 meets the phantom (NS missing) on boards 1
# and 2, EW 1 on boards 3 and 4. Three results a board: a top of 4.
#   board 1: NS 450 (EW 3), 420 (EW 1), 400 (EW 2)  -> EW 3 0, EW 1 2, EW 2 4
#   board 2: NS 100 (EW 1), 100 (EW 2), -50 (EW 3)  -> EW 1 1, EW 2 1, EW 3 4
#   board 3: NS 140 (EW 2), 110 (EW 3), 100 (EW 4)  -> EW 2 0, EW 3 2, EW 4 4
#   board 4: NS -100 (EW 2), -200 (EW 3), 620 (EW 4) -> EW 2 2, EW 3 4, EW 4 0
SESSION: dict[str, Any] = {"scoring": "matchpoints", "two_field": True, "boards": [
    {"board": 1, "results": [{"ns": 1, "ew": 1, "score_ns": 420},
                             {"ns": 2, "ew": 2, "score_ns": 400},
                             {"ns": 3, "ew": 3, "score_ns": 450}, {"ns": None, "ew": 4}]},
    {"board": 2, "results": [{"ns": 1, "ew": 1, "score_ns": 100},
                             {"ns": 2, "ew": 2, "score_ns": 100},
                             {"ns": 3, "ew": 3, "score_ns": -50}, {"ew": 4}]},
    {"board": 3, "results": [{"ns": 1, "ew": 2, "score_ns": 140},
                             {"ns": 2, "ew": 3, "score_ns": 110},
                             {"ns": 3, "ew": 4, "score_ns": 100}, {"ns": None, "ew": 1}]},
    {"board": 4, "results": [{"ns": 1, "ew": 2, "score_ns": -100},
                             {"ns": 2, "ew": 3, "score_ns": -200},
                             {"ns": 3, "ew": 4, "score_ns": 620}, {"ew": 1}]}]}


def test_a_pair_that_sat_out_is_factored_up_to_the_boards_it_missed() -> None:
    scored = score_session(parse_traveller_json(SESSION), NZ)
    ew = {e.pair: e for e in scored.ranking if e.direction == "EW"}
    # EW 1 played boards 1 and 2: 2 + 1 = 3 matchpoints of 2 x 4 = 8, 37.5%. Factored up
    # to the four boards every pair of the movement plays: 3 x 16 / 8 = 6 of 16.
    assert (ew[1].total, ew[1].maximum, ew[1].pct) == (3, 8, 37.5)
    assert (ew[1].sat_out, ew[1].factored_total, ew[1].factored_maximum) == (2, 6, 16)
    # EW 4 played boards 3 and 4: 4 + 0 = 4 of 8, 50%; factored 4 x 16 / 8 = 8 of 16.
    assert (ew[4].total, ew[4].maximum, ew[4].pct) == (4, 8, 50)
    assert (ew[4].sat_out, ew[4].factored_total, ew[4].factored_maximum) == (2, 8, 16)
    # EW 2 and EW 3 played all four: nothing to factor. EW 2: 4 + 1 + 0 + 2 = 7 of 16;
    # EW 3: 0 + 4 + 2 + 4 = 10 of 16.
    assert (ew[2].total, ew[2].sat_out, ew[2].factored_total, ew[2].factored_maximum) == (
        7, 0, 7, 16)
    assert (ew[3].total, ew[3].factored_total, ew[3].pct) == (10, 10, 62.5)
    # The factored totals rank as the percentages do: 62.5, 50, 43.75, 37.5.
    assert [e.pair for e in scored.ranking if e.direction == "EW"] == [3, 4, 2, 1]
    # The NS pairs met no phantom: their totals stand.
    assert all(e.sat_out == 0 and e.factored_total == e.total
               for e in scored.ranking if e.direction == "NS")
    json = scored.to_scored_json()["ranking"]
    row = next(r for r in json if (r["pair"], r["direction"]) == (1, "EW"))
    assert (row["sat_out"], row["factored_total"], row["factored_maximum"]) == (2, 6, 16)


def test_the_phantom_lowers_the_top_by_two() -> None:
    # "A phantom reduces the top of a board by 2 matchpoints": four tables, one of them the
    # phantom's, make three results a board and a top of 4, not 6.
    scored = score_session(parse_traveller_json(SESSION), NZ)
    assert {board.top for board in scored.boards} == {4}
