"""IMP scale, Butler datum and cross-IMPs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from basestation.scoring.imps import (
    ARTIFICIAL_IMPS,
    IMP_BOUNDARIES,
    butler_datum,
    butler_imps,
    cross_imps,
    imps,
)

bridge_scores = st.integers(min_value=-800, max_value=800).map(lambda tens: tens * 10)


def test_boundaries_are_the_wbf_scale() -> None:
    assert IMP_BOUNDARIES == (
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
        750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
    )  # fmt: skip


@pytest.mark.parametrize(("won", "boundary"), list(enumerate(IMP_BOUNDARIES, start=1)))
def test_each_boundary_starts_the_next_imp(won: int, boundary: int) -> None:
    # Around every boundary: the last scores below it, the boundary itself, just above it.
    assert imps(boundary - 10) == won - 1
    assert imps(boundary - 1) == won - 1
    assert imps(boundary) == won
    assert imps(boundary + 1) == won
    assert imps(-(boundary - 10)) == -(won - 1)
    assert imps(-boundary) == -won


def test_small_and_huge_differences() -> None:
    assert imps(0) == 0
    assert imps(10) == 0
    assert imps(-10) == 0
    assert imps(3990) == 23
    assert imps(4000) == 24
    assert imps(7600) == 24
    assert imps(-100_000) == -24


# club-directors-manual.txt, the Teams / Swiss Pairs score sheet: its IMP scale column. The
# copy lost the 1500- and 3000- lower bounds, but the upper bounds survived intact.
SCORE_SHEET_UPPER_BOUNDS = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
    740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)  # fmt: skip


@pytest.mark.parametrize(("won", "upper"), list(enumerate(SCORE_SHEET_UPPER_BOUNDS)))
def test_score_sheet_bands(won: int, upper: int) -> None:
    assert imps(upper) == won
    assert imps(upper + 10) == won + 1


def test_seed_teams_examples() -> None:
    # club-directors-manual.txt, "Scoring - IMPs and VPs": +130 and -400 total -270.
    assert imps(130 - 400) == -7
    # "Teams on Club Night", Scoring: e.g. 1, 600 v 630 is -30; 600 and +50 is a 650 gain.
    assert imps(600 - 630) == -1
    assert imps(600 + 50) == 12
    # e.g. 2: +170 against -420 is -250 ("a difference of 6 IMPs", Strategy).
    assert imps(170 - 420) == -6


@given(bridge_scores)
def test_imps_are_odd(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


def test_artificial_adjusted_score_is_three_imps() -> None:
    assert ARTIFICIAL_IMPS == 3


# The seeds describe Butler ("discards the top and bottom scores ... and then averages the
# remaining scores", club-directors-manual.txt, "Swiss Pairs" and "Butler Pairs") without a
# numeric example; these boards are worked by hand from that description.
def test_butler_drops_top_and_bottom_then_averages() -> None:
    board = [420, 420, 450, 170, -50, 620]
    # -50 and 620 dropped; (170 + 420 + 420 + 450) / 4 = 365, an exact 5: away from zero.
    assert butler_datum(board, trim=1) == 370
    assert butler_imps(board, trim=1) == [2, 2, 2, -5, -9, 6]


def test_butler_exact_five_goes_away_from_zero_on_both_sides() -> None:
    assert butler_datum([400, 450], trim=0) == 430
    assert butler_datum([-400, -450], trim=0) == -430
    assert butler_datum([0, 10], trim=0) == 10
    assert butler_datum([0, -10], trim=0) == -10


def test_butler_rounds_exact_averages_not_floats() -> None:
    # 1274 / 3 = 424.67: nearest ten is 420.
    assert butler_datum([420, 420, 434], trim=0) == 420
    # 4249 / 10 = 424.9 -> 420; 4251 / 10 = 425.1 -> 430.
    assert butler_datum([420] * 9 + [469], trim=0) == 420
    assert butler_datum([420] * 9 + [471], trim=0) == 430
    assert butler_datum([-420] * 9 + [-471], trim=0) == -430


def test_butler_trim_with_few_results_keeps_one() -> None:
    assert butler_datum([100, 200, 300], trim=1) == 200
    assert butler_datum([100, 200], trim=1) == 150  # two results: nothing can be dropped
    assert butler_datum([100], trim=2) == 100
    assert butler_datum([100, 200, 300, 400, 500], trim=5) == 300


def test_butler_trim_two() -> None:
    board = [-100, 140, 140, 170, 420, 450, 1000]
    # drop -100, 140 and 450, 1000: (140 + 170 + 420) / 3 = 243.3 -> 240
    assert butler_datum(board, trim=2) == 240
    assert butler_imps(board, trim=2) == [-8, -3, -3, -2, 5, 5, 13]


def test_butler_rejects_empty_board_and_negative_trim() -> None:
    with pytest.raises(ValueError, match="at least one result"):
        butler_datum([], trim=1)
    with pytest.raises(ValueError, match="negative"):
        butler_datum([100], trim=-1)


@given(st.lists(bridge_scores, min_size=1, max_size=20), st.integers(0, 3))
def test_butler_datum_is_a_multiple_of_ten_within_the_scores(board: list[int], trim: int) -> None:
    datum = butler_datum(board, trim)
    assert datum % 10 == 0
    assert min(board) - 5 <= datum <= max(board) + 5


@given(st.lists(bridge_scores, min_size=1, max_size=20), st.integers(0, 3))
def test_butler_is_symmetric_between_ns_and_ew(board: list[int], trim: int) -> None:
    assert butler_datum([-score for score in board], trim) == -butler_datum(board, trim)


# club-directors-manual.txt, "Cross-IMP Scoring": each score against every other table in
# turn, IMPed, then averaged; top and bottom not dropped. Worked by hand.
def test_cross_imps_average_per_comparison() -> None:
    # 420: -1 v 450, +10 v -50; 450: +1, +11; -50: -10, -11
    assert cross_imps([420, 450, -50]) == [4.5, 6.0, -10.5]


def test_cross_imps_small_boards() -> None:
    assert cross_imps([]) == []
    assert cross_imps([620]) == [0.0]
    assert cross_imps([620, 620]) == [0.0, 0.0]


@given(st.lists(bridge_scores, min_size=2, max_size=15))
def test_cross_imps_balance(board: list[int]) -> None:
    # Every comparison is counted once each way with opposite signs.
    assert sum(cross_imps(board)) == pytest.approx(0.0, abs=1e-9)
