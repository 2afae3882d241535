"""The Polish clubs' preset (issue 52): an artificial adjusted score stays outside the field
and the real results are scored among themselves as percentages (as JFR Pary scores them),
where the nz, ebu and acbl presets factor the real results up to the full field."""

from __future__ import annotations

from basestation.scoring import PRESETS, regulations
from basestation.scoring.board_scoring import score_board
from basestation.scoring.matchpoints import factored
from basestation.scoring.regulations import EBU, PL, Factoring
from basestation.scoring.traveller import Artificial
from tests.scoring.helpers import adjusted_seed_board, board, mps, traveller_line


def test_the_preset_is_named_pl_and_proportional() -> None:
    assert regulations("PL") is PL is PRESETS["pl"]
    assert PL.factoring is Factoring.PROPORTIONAL


def test_an_absent_pairs_opponents_get_60_and_the_field_keeps_its_own_percentages() -> None:
    # Four tables expected; the pair at table 4 did not come: 60/0 to its opponents (NS 4).
    example = board(1, traveller_line(1, 1, 420), traveller_line(2, 2, 170),
                    traveller_line(3, 3, -50),
                    traveller_line(4, 4, artificial=Artificial(60.0, 0.0)))
    polish = score_board(example, PL, expected=4)
    assert polish.top == 6
    assert mps(polish) == [(6, 0), (3, 3), (0, 6), (3.6, 0)]
    assert [(line.pct_ns, line.pct_ew) for line in polish.results] == [
        (100, 0), (50, 50), (0, 100), (60, 0)]
    # The same board under the EBU's Neuberg: the real results factored as if four played.
    ebu = score_board(example, EBU, expected=4)
    assert mps(ebu) == [(5.7, 0.3), (3, 3), (0.3, 5.7), (3.6, 0)]


def test_the_seeds_adjusted_board_under_the_polish_preset() -> None:
    # club-directors-manual.txt, section 4, "Matchpointing a board with adjusted scores" (the
    # board of tests/scoring/test_adjusted_seeds.py): 7 real results and two artificial ones
    # in a field of 9. The real ones keep their places among themselves: top 100 %, bottom 0.
    scored = score_board(adjusted_seed_board(), PL, expected=9)
    assert scored.top == 16
    assert mps(scored) == [(9.3, 6.7), (5.3, 10.7), (8, 9.6), (2.7, 13.3), (9.6, 6.4),
                           (9.3, 6.7), (16, 0), (0, 16), (13.3, 2.7)]
    assert [line.pct_ns for line in scored.results] == [
        58.13, 33.12, 50, 16.88, 60, 58.13, 100, 0, 83.12]


def test_proportional_factoring_keeps_the_percentage_among_the_real_results() -> None:
    # 7 of 9 played: top 12 among them, 16 in the field; 7 of 12 is 9 1/3 of 16.
    assert factored(7, 7, 9, PL) == 7 * 16 / 12
    assert factored(12, 7, 9, PL) == 16 and factored(0, 7, 9, PL) == 0
    assert factored(0, 1, 9, PL) == 8  # a lone result: nothing to compare, an average
    assert factored(5, 9, 9, PL) == 5  # a full board: as it is
