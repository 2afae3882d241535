"""Team matches: board IMPs from both tables, totals, VPs."""

from __future__ import annotations

from decimal import Decimal

import pytest

from basestation.scoring.imps import ARTIFICIAL_IMPS
from basestation.scoring.teams import TeamBoard, board_imps, match_result, score_match
from basestation.scoring.vp import VpScale


def test_seed_board_comparisons() -> None:
    # club-directors-manual.txt, "Scoring - IMPs and VPs": NS +130 in 3D; at the other table
    # EW (team-mates) defended 3NT making, NS there +400: total -270.
    assert board_imps(130, 400) == -7
    # "Teams on Club Night", Scoring, e.g. 1: 3NT= +600 here, 3NT+1 +630 there: -30.
    assert board_imps(600, 630) == -1
    # ... or 3NT-1 there, NS -50: team gain 650.
    assert board_imps(600, -50) == 12
    # e.g. 2: 3H+1 +170 here, 4H= +420 to their NS: team loss 250.
    assert board_imps(170, 420) == -6


def _seed_match() -> list[TeamBoard]:
    return [
        TeamBoard(1, table1_ns=130, table2_ns=400),  # -7
        TeamBoard(2, table1_ns=600, table2_ns=630),  # -1
        TeamBoard(3, table1_ns=600, table2_ns=-50),  # +12
        TeamBoard(4, table1_ns=170, table2_ns=420),  # -6
        TeamBoard(5, table1_ns=-100, table2_ns=-620),  # +11
        TeamBoard(6, table1_ns=420, table2_ns=420),  # 0
    ]


def test_score_match_totals_and_vps() -> None:
    result = score_match(1, 2, _seed_match())
    assert result.board_imps == (-7, -1, 12, -6, 11, 0)
    assert (result.imps_a, result.imps_b) == (23, 14)
    assert result.margin == 9
    assert result.boards == 6
    # club-directors-manual.txt, "Continuous VP Scale": 6 boards won by 9 IMPs.
    assert result.vp_a == Decimal("13.90")
    assert result.vp_b == Decimal("6.10")
    assert result.vp_a + result.vp_b == 20


def test_score_match_on_the_discrete_scale() -> None:
    result = score_match(1, 2, _seed_match(), scale=VpScale.DISCRETE)
    assert (result.vp_a, result.vp_b) == (Decimal(14), Decimal(6))
    assert result.scale is VpScale.DISCRETE


def test_the_loser_gets_the_complement() -> None:
    flipped = [TeamBoard(b.board, b.table2_ns, b.table1_ns) for b in _seed_match()]
    result = score_match(2, 1, flipped)
    assert result.margin == -9
    assert (result.vp_a, result.vp_b) == (Decimal("6.10"), Decimal("13.90"))
    assert result.vp_of(1) == Decimal("13.90")
    assert result.opponent_of(1) == 2


def test_artificial_adjustment_replaces_the_comparison() -> None:
    boards = [TeamBoard(1, 420, 170), TeamBoard(2, adjusted_imps=ARTIFICIAL_IMPS)]
    result = score_match(1, 2, boards)
    assert result.board_imps == (6, 3)
    assert result.imps_a == 9


def test_wiped_board_leaves_the_scale_at_the_scheduled_boards() -> None:
    # club-directors-manual.txt, "Wrong board played": a board played differently at the two
    # tables is wiped and the match compared on the rest.
    boards = _seed_match()[:5]
    result = score_match(1, 2, boards, scheduled_boards=6)
    assert result.boards == 6
    assert result.vp_a == Decimal("13.90")


def test_match_from_totals() -> None:
    result = match_result(3, 4, imps_a=10, imps_b=12, boards=6)
    assert result.margin == -2
    assert result.vp_a == Decimal("9.01")
    assert result.vp_b == Decimal("10.99")


def test_bad_matches() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        score_match(1, 2, [TeamBoard(1, 0, 0), TeamBoard(1, 10, 0)])
    with pytest.raises(ValueError, match="cannot play itself"):
        match_result(1, 1, 0, 0, boards=6)
    with pytest.raises(ValueError, match="not negative"):
        match_result(1, 2, -3, 0, boards=6)
    result = match_result(1, 2, 0, 0, boards=6)
    with pytest.raises(ValueError, match="did not play"):
        result.vp_of(5)
