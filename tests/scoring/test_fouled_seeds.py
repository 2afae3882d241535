"""Fouled and arrowswitched boards: every worked example of the seeds, exactly."""

from __future__ import annotations

import pytest

from basestation.scoring.board_scoring import score_board
from basestation.scoring.regulations import EBU, NZ, Fault
from tests.scoring.helpers import board, mps, traveller_line

# fouled-and-arrowswitched-boards.txt, "Fouled Boards": board 4, tables 1-3, 8, 9 played the
# board as dealt (group A, 5 scores) and tables 4-7 the fouled version (group B, 4 scores).
# Scores are NS-signed as the traveller's NS/EW score columns give them.
FOULED_TRAVELLER = board(
    4,
    traveller_line(1, 9, -130),
    traveller_line(2, 2, -660),
    traveller_line(3, 4, -120),
    traveller_line(4, 6, -200, fouled=True),
    traveller_line(5, 8, 600, fouled=True),
    traveller_line(6, 1, -100, fouled=True),
    traveller_line(7, 3, -100, fouled=True),
    traveller_line(8, 5, 140),
    traveller_line(9, 7, -150),
)


def test_fouled_board_two_groups_add_the_other_group_checksum_72() -> None:
    scored = score_board(FOULED_TRAVELLER, NZ, expected=9)
    assert scored.top == 16
    # "To every score, add one point for every score in the other group."
    assert [ns for ns, _ in mps(scored)] == [8, 4, 10, 5, 11, 8, 8, 12, 6]
    assert [ew for _, ew in mps(scored)] == [8, 12, 6, 11, 5, 8, 8, 4, 10]
    assert sum(ns for ns, _ in mps(scored)) == 72
    assert sum(ew for _, ew in mps(scored)) == 72  # type: ignore[misc]


# fouled-and-arrowswitched-boards.txt, "Arrowswitched board": table 6 played board 4
# arrowswitched; score normally, then swap that table's NS and EW matchpoints.
ARROWSWITCH_TRAVELLER = board(
    4,
    traveller_line(1, 9, -130),
    traveller_line(2, 2, -660),
    traveller_line(3, 4, -120),
    traveller_line(4, 6, 200),
    traveller_line(5, 8, -600),
    traveller_line(6, 1, 100, arrowswitch=True),
    traveller_line(7, 3, 100),
    traveller_line(8, 5, 140),
    traveller_line(9, 7, -150),
)


def test_arrowswitched_table_swaps_its_matchpoints_checksum_72() -> None:
    scored = score_board(ARROWSWITCH_TRAVELLER, NZ, expected=9)
    assert mps(scored) == [(6, 10), (0, 16), (8, 8), (16, 0), (2, 14), (5, 11), (11, 5),
                           (14, 2), (4, 12)]
    # The seed's check sum (72) is taken on the board as scored, before the swap.
    board_side = [ew if line.result.arrowswitch else ns
                  for line, (ns, ew) in zip(scored.results, mps(scored), strict=True)]
    assert sum(board_side) == 72  # type: ignore[arg-type]
    assert sum(ns + ew for ns, ew in mps(scored)) == 144  # type: ignore[operator]


# ebu-fouled-board-neuberg.txt: ten results expected, seven in one version and three in the
# other, seven different results in the larger group.
def test_ebu_neuberg_seven_and_three() -> None:
    sevens = [traveller_line(t, t, 100 * t) for t in range(7)]
    threes = [traveller_line(t, t, 100 * t, fouled=True) for t in range(7, 10)]
    scored = score_board(board(1, *sevens, *threes), EBU, expected=10)
    assert scored.top == 18
    seven = sorted((line.mp_ns for line in scored.results[:7]), reverse=True)
    three = sorted((line.mp_ns for line in scored.results[7:]), reverse=True)
    assert seven == [17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4]
    assert three == [15.7, 9.0, 2.3]
    # "The total is 63" and "The total is 27": 90 for the whole board.
    assert sum(seven) == pytest.approx(63)  # type: ignore[arg-type]
    assert sum(three) == pytest.approx(27)  # type: ignore[arg-type]


def test_ebu_nine_of_ten_neuberg_and_the_simpler_club_method() -> None:
    # ebu-fouled-board-neuberg.txt: "with ten results expected but only nine achieved".
    nine = board(1, *(traveller_line(t, t, 50 * t) for t in range(9)))
    scored = score_board(nine, EBU, expected=10)
    assert sorted((ns for ns, _ in mps(scored)), reverse=True) == [  # type: ignore[type-var]
        17.9, 15.7, 13.4, 11.2, 9.0, 6.8, 4.6, 2.3, 0.1]
    # "reduce the top by one, increase the bottom by one": the NZ method; again 81 in all.
    simple = [ns for ns, _ in mps(score_board(nine, NZ, expected=10))]
    assert sorted(simple, reverse=True) == [17, 15, 13, 11, 9, 7, 5, 3, 1]  # type: ignore[type-var]
    assert sum(simple) == 81  # type: ignore[arg-type]


# club-directors-manual.txt, section 4, "Fouled Boards - Quick Manual Scoring Method": board
# played 10 times, N and E hands transposed at tables 5-8.
def test_manual_quick_method_for_a_board_fouled_at_four_tables() -> None:
    quick = board(
        1,
        traveller_line(1, 1, 620), traveller_line(2, 2, 620), traveller_line(3, 3, 620),
        traveller_line(4, 4, 170),
        traveller_line(5, 5, -90, fouled=True),   # 2D by W making 8
        traveller_line(6, 6, 100, fouled=True),   # 3D by W one off
        traveller_line(7, 7, 300, fouled=True),   # 5D by W three off
        traveller_line(8, 8, 200, fouled=True),   # 3H by E two off
        traveller_line(9, 9, 620), traveller_line(10, 10, 620),
    )
    scored = score_board(quick, NZ, expected=10)
    assert scored.top == 18  # "Total MPs = (10 x 2) - 2 = 18"
    assert [ns for ns, _ in mps(scored)] == [10, 10, 10, 4, 6, 8, 12, 10, 10, 10]
    assert [ew for _, ew in mps(scored)][:4] == [8, 8, 8, 14]
    # "NS1: 10/18 = 55%", "6/18 = 33", "8/18 = 44", "12/18 = 66": the manual truncates.
    assert [line.pct_ns for line in scored.results[:8]] == [
        55.56, 55.56, 55.56, 22.22, 33.33, 44.44, 66.67, 55.56]


def _one_fouled_of(tables: int, fouled: list[tuple[int, dict[str, Fault]]]) -> list[object]:
    lines = [traveller_line(t, t, 10 * t) for t in range(1, tables - len(fouled) + 1)]
    for number, (score, fault) in enumerate(fouled, start=tables - len(fouled) + 1):
        lines.append(traveller_line(number, number, score, fouled=True,
                            fault_ns=fault.get("ns", Fault.NONE),
                            fault_ew=fault.get("ew", Fault.NONE)))
    return lines


@pytest.mark.parametrize(
    ("fouled", "expected_pct"),
    [
        # fouled-and-arrowswitched-boards.txt: one fouled board 60% to both (no one at fault),
        # two: 65% for the better score NS & EW and 55% to the lesser; three: 70, 60, 50.
        ([(400, {})], [(60, 60)]),
        ([(400, {}), (-100, {})], [(65, 55), (55, 65)]),
        ([(400, {}), (-100, {}), (50, {})], [(70, 50), (50, 70), (60, 60)]),
        # rectification-of-fouled-movements.txt, ranking play: 50 / 55 45 / 60 50 40, ties share,
        # +10% in no way at fault, nothing when partly to blame, -10% when responsible.
        ([(400, {"ns": Fault.PARTLY, "ew": Fault.RESPONSIBLE})], [(50, 40)]),
        ([(400, {"ns": Fault.RESPONSIBLE}), (-100, {"ew": Fault.PARTLY})], [(45, 55), (55, 55)]),
        ([(400, {}), (400, {"ns": Fault.PARTLY})], [(60, 60), (50, 60)]),
        ([(400, {"ew": Fault.RESPONSIBLE}), (-100, {}), (50, {"ns": Fault.PARTLY})],
         [(70, 30), (50, 70), (50, 60)]),
    ],
)
def test_nz_small_fouled_groups_get_fixed_percentages_by_fault(
    fouled: list[tuple[int, dict[str, Fault]]], expected_pct: list[tuple[float, float]]
) -> None:
    lines = _one_fouled_of(10, fouled)
    scored = score_board(board(1, *lines), NZ, expected=10)  # type: ignore[arg-type]
    awarded = [(line.pct_ns, line.pct_ew) for line in scored.results[10 - len(fouled):]]
    assert awarded == expected_pct
    # The rest of the field is matchpointed as if those results were missing.
    assert scored.results[0].mp_ns == len(fouled)


def test_nz_three_fouled_tables_out_of_six_are_a_group_not_fixed_awards() -> None:
    # NZ: fixed awards only when played at most three times AND by at most a third of the field.
    lines = _one_fouled_of(6, [(400, {}), (-100, {}), (50, {})])
    scored = score_board(board(1, *lines), NZ, expected=6)  # type: ignore[arg-type]
    assert [line.mp_ns for line in scored.results[3:]] == [7, 3, 5]


@pytest.mark.parametrize(
    ("fault", "expected_pct"),
    [(Fault.NONE, 60), (Fault.PARTLY, 50), (Fault.RESPONSIBLE, 40)],
)
def test_ebu_board_played_once_fouled_is_unplayable(fault: Fault, expected_pct: float) -> None:
    # ebu-fouled-board-neuberg.txt: played once in its fouled condition, the board is unplayable:
    # average plus not at fault, average partly at fault, average minus at fault.
    lines = _one_fouled_of(10, [(400, {"ns": fault})])
    scored = score_board(board(1, *lines), EBU, expected=10)  # type: ignore[arg-type]
    assert scored.results[-1].pct_ns == expected_pct
    assert scored.results[-1].pct_ew == 60


def test_ebu_two_fouled_tables_are_a_neuberg_group() -> None:
    lines = _one_fouled_of(10, [(400, {}), (-100, {})])
    scored = score_board(board(1, *lines), EBU, expected=10)  # type: ignore[arg-type]
    # Two results in a group of two, E = 10: (2 + 1) x 10 / 2 - 1 = 14, (0 + 1) x 5 - 1 = 4.
    assert [line.mp_ns for line in scored.results[8:]] == [14, 4]
