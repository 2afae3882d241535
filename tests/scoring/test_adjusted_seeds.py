"""Adjusted, weighted and split scores: the seeds' worked examples, exactly."""

from __future__ import annotations

import pytest

from basestation.scoring import regulations
from basestation.scoring.adjusted import Average
from basestation.scoring.board_scoring import score_board
from basestation.scoring.regulations import EBU, NZ
from basestation.scoring.traveller import Artificial, WeightedOutcome
from basestation.scoring.weighted import weighted_matchpoints
from tests.scoring.helpers import adjusted_seed_board, board, mps, traveller_line


def test_matchpointing_a_board_with_adjusted_scores() -> None:
    # club-directors-manual.txt, section 4, "Matchpointing a board with adjusted scores":
    # a board played 9 times (NS 5 met the phantom) with two adjusted scores, 60/40 and 50/60.
    scored = score_board(adjusted_seed_board(), NZ, expected=9)
    assert scored.top == 16
    assert mps(scored) == [(9, 7), (6, 10), (8, 9.6), (4, 12), (9.6, 6.4), (9, 7), (14, 2),
                           (2, 14), (12, 4)]
    assert [(line.pct_ns, line.pct_ew) for line in scored.results] == [
        (56.25, 43.75), (37.5, 62.5), (50, 60), (25, 75), (60, 40), (56.25, 43.75),
        (87.5, 12.5), (12.5, 87.5), (75, 25)]


def test_example_2_twenty_tables_with_a_phantom_and_a_fouled_board() -> None:
    # club-directors-manual.txt, section 4, "Example 2": 20 tables, phantom NS at one table, so
    # 19 results and a top of 36; one table gets 60/60, the rest are matchpointed out of 35.
    others = [traveller_line(t, t, 10 * t) for t in range(1, 19)]
    adjusted = traveller_line(19, 19, artificial=Artificial(Average.AVERAGE_PLUS,
                                                            Average.AVERAGE_PLUS))
    scored = score_board(board(1, *others, adjusted), NZ, expected=19)
    assert scored.top == 36
    assert scored.results[-1].mp_ns == scored.results[-1].mp_ew == 21.6
    assert max(line.mp_ns for line in scored.results[:-1]) == 35  # type: ignore[type-var]
    assert min(line.mp_ns for line in scored.results[:-1]) == 1  # type: ignore[type-var]
    # "60% x 36 = 21.6 = 22 MPs": the manual rounds to whole matchpoints by hand.
    whole = score_board(board(1, *others, adjusted), NZ.with_changes(mp_decimals=0), 19)
    assert whole.results[-1].mp_ns == 22
    # The same 60/60 as the fouled-board award for one table, no one at fault.
    fouled = traveller_line(19, 19, 500, fouled=True)
    as_fouled = score_board(board(1, *others, fouled), NZ, expected=19)
    assert (as_fouled.results[-1].mp_ns, as_fouled.results[-1].mp_ew) == (21.6, 21.6)
    assert as_fouled.results[0].mp_ns == 1


def test_weighted_score_table_from_the_manual() -> None:
    # club-directors-manual.txt, section 4, "Weighted Score": 25% 17.1, 40% 12.2, 20% 8.7,
    # 15% 3.4 gives 4.3 + 4.9 + 1.7 + 0.5 = 11.4.
    outcomes = [(17.1, 25), (12.2, 40), (8.7, 20), (3.4, 15)]
    assert [weighted_matchpoints([outcome]) for outcome in outcomes] == [4.3, 4.9, 1.7, 0.5]
    assert weighted_matchpoints(outcomes) == 11.4


def test_law12_weighted_seventy_thirty() -> None:
    # law12-adjusted-scores.txt, Law 12C1(c): 70% of 4H by N making 10 (14 MPs) and 30% of
    # 4H by N making 9 (6 MPs): NS 9.8 + 1.8 = 11.6, EW 12.4, on a top of 24 (13 results).
    field = [-100, -150, -200, 50, 110, 140, 170, 450, 480, 620, 650, 680]
    others = [traveller_line(t, t, score) for t, score in enumerate(field, start=1)]
    weighted = traveller_line(13, 13, weighted=(WeightedOutcome(420, 70), WeightedOutcome(-50, 30)))
    scored = score_board(board(1, *others, weighted), NZ, expected=13)
    assert scored.top == 24
    assert (scored.results[-1].mp_ns, scored.results[-1].mp_ew) == (11.6, 12.4)
    # Each outcome on its own: 14 and 6 matchpoints.
    alone = [score_board(board(1, *others, traveller_line(13, 13, score)), NZ, 13).results[-1].mp_ns
             for score in (420, -50)]
    assert alone == [14, 6]


def test_split_score_gives_each_side_its_own_result() -> None:
    # club-directors-manual.txt, "Split Score": NS keep 2S making (-110); EW get what they would
    # have got had they passed, 1NT making 2 by N (-120 for EW). The board need not balance.
    others = [traveller_line(t, t, score) for t, score in enumerate([-140, -110, 90, 120, 150], 1)]
    split = traveller_line(6, 6, split=(-110, 120))
    scored = score_board(board(1, *others, split), NZ, expected=6)
    ns, ew = scored.results[-1].mp_ns, scored.results[-1].mp_ew
    assert ns == 3  # -110 beats -140 and ties -110
    assert ew == 3  # EW at -120 beat 150 and tie 120
    assert ns + ew != scored.top


def test_passed_out_is_a_real_result_and_single_scale_halves() -> None:
    # club-directors-manual.txt: "When a board is passed in, both pairs get zero, which is an
    # actual score"; the ACBL single scale is half the double.
    lines = [traveller_line(1, 1, 0), traveller_line(2, 2, 0), traveller_line(3, 3, -50),
             traveller_line(4, 4, 110)]
    double = score_board(board(1, *lines), NZ, 4)
    single = score_board(board(1, *lines), regulations("acbl"), 4)
    assert mps(double) == [(3, 3), (3, 3), (0, 6), (6, 0)]
    assert mps(single) == [(1.5, 1.5), (1.5, 1.5), (0, 3), (3, 0)]
    assert single.top == 3


def test_unbalanced_artificial_and_ave_words() -> None:
    lines = [traveller_line(t, t, 10 * t) for t in range(1, 8)]
    lines.append(traveller_line(8, 8, artificial=Artificial(Average.AVERAGE_MINUS,
                                                            Average.AVERAGE_PLUS)))
    scored = score_board(board(1, *lines), EBU, 8)
    assert (scored.results[-1].mp_ns, scored.results[-1].mp_ew) == (5.6, 8.4)


def test_mp_override_is_kept_as_given() -> None:
    lines = [traveller_line(1, 1, 100), traveller_line(2, 2, 200, mp_override=(0.0, 0.0))]
    scored = score_board(board(1, *lines), NZ, 2)
    assert mps(scored) == [(0, 2), (0, 0)]


@pytest.mark.parametrize("preset", ["nz", "ebu", "acbl", "pl"])
def test_every_board_balances_without_adjustments(preset: str) -> None:
    lines = [traveller_line(t, t, (t * 37) % 7 * 10) for t in range(1, 10)]
    scored = score_board(board(1, *lines), regulations(preset), 12)
    top = scored.top or 0
    assert sum(ns + ew for ns, ew in mps(scored)) == pytest.approx(  # type: ignore[operator]
        top * 9, abs=0.05 * 9)
