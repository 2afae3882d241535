"""A score's matchpoints are worked out once per place in its field (beaten, tied, results,
expected, top) and regulations, then looked up: a looked-up line is the one working it out
afresh gives, whatever boards, fields and regulations came before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from basestation.scoring import board_scoring, regulations
from basestation.scoring.board_scoring import score_board
from basestation.scoring.scored import ScoredResult, compared_result
from tests.scoring.helpers import board, traveller_line

PRESETS = [regulations(name) for name in ("nz", "ebu", "acbl", "pl")]

boards = st.lists(st.sampled_from([-620, -100, 0, 50, 110, 140, 420, 450, 1430]),
                  min_size=1, max_size=12)
plays = st.lists(st.tuples(boards, st.integers(min_value=0, max_value=6),
                           st.sampled_from(range(len(PRESETS)))), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(plays)
def test_a_looked_up_line_is_the_one_worked_out_afresh(played: list[tuple[list[int], int, int]],
                                                      ) -> None:
    for scores, missing, preset in played:
        traveller = board(1, *(traveller_line(ns, ns + 1, score) for ns, score in
                               enumerate(scores, start=1)))
        looked_up = score_board(traveller, PRESETS[preset], len(scores) + missing)
        board_scoring._PLACES.clear()
        afresh = score_board(traveller, PRESETS[preset], len(scores) + missing)
        assert looked_up == afresh


def test_a_compared_result_is_a_scored_result() -> None:
    played = traveller_line(1, 2, 420)
    made = compared_result(played, 420, (7.0, 1.0, 87.5, 12.5))
    assert made == ScoredResult(played, 420, 7.0, 1.0, 87.5, 12.5)
    assert hash(made) == hash(ScoredResult(played, 420, 7.0, 1.0, 87.5, 12.5))
