"""Checks of pad entries against the movement, without links or a database."""

from __future__ import annotations

from basestation.movements import generate
from basestation.station.session.memory import HeldResult, SectionState
from basestation.station.session.validation import check_placement, check_table, looks_wrong_side
from firmware_protocol.messages import ErrorCode


def section(current_round: int = 1) -> SectionState:
    return SectionState("A", generate("mitchell", 3, 6), current_round)


def place(state: SectionState, table: int, round_: int, board: int, ns: int | None,
          ew: int | None) -> ErrorCode | None:
    return check_placement(state, table=table, round_=round_, board=board, ns=ns, ew=ew)


def test_a_board_in_play_at_its_table_passes() -> None:
    assert place(section(), 1, 1, 1, 1, 1) is None
    assert place(section(), 2, 1, 4, 2, 2) is None


def test_each_way_an_entry_can_be_misplaced() -> None:
    state = section()
    assert check_table(state, 4) == ErrorCode.NO_SUCH_TABLE
    assert place(state, 0, 1, 1, 1, 1) == ErrorCode.NO_SUCH_TABLE
    assert place(state, 1, 1, 3, 1, 1) == ErrorCode.BOARD_OUT_OF_RANGE
    assert place(state, 1, 1, 1, 1, 2) == ErrorCode.WRONG_PAIRS
    assert place(state, 1, 4, 1, 1, 1) == ErrorCode.WRONG_ROUND  # beyond the movement
    assert place(state, 1, 3, 5, 1, 2) == ErrorCode.WRONG_ROUND  # two rounds ahead


def test_a_table_may_be_one_round_ahead() -> None:
    assert place(section(), 1, 2, 3, 1, 3) is None
    assert place(section(current_round=2), 1, 3, 5, 1, 2) is None


def held(score: int | None, table: int = 1) -> HeldResult:
    return HeldResult(section="A", table=table, round=1, board=1, ns=table, ew=table,
                      score_ns=score)


def test_a_mirrored_score_looks_given_to_the_wrong_side() -> None:
    others = [held(420, 2), held(420, 3), held(450, 4)]
    assert looks_wrong_side(held(-420), others)
    assert not looks_wrong_side(held(420), others)
    assert not looks_wrong_side(held(-420), [held(420, 2)])  # one other result proves nothing
    assert not looks_wrong_side(held(-420), [*others, held(-420, 5)])  # someone else got it too
    assert not looks_wrong_side(held(0), others)
