"""Checks of a pad's entry against the movement and what the station already holds."""

from __future__ import annotations

from collections import Counter

from basestation.movements import Movement
from basestation.station.state import HeldResult, SectionState
from firmware_protocol.messages import ErrorCode


def check_table(section: SectionState, table: int) -> ErrorCode | None:
    if not 1 <= table <= section.movement.tables:
        return ErrorCode.NO_SUCH_TABLE
    return None


def check_placement(
    section: SectionState, *, table: int, round_: int, board: int, ns: int | None, ew: int | None
) -> ErrorCode | None:
    """Is this board in play at this table in this round, between these pairs?"""
    if (problem := check_table(section, table)) is not None:
        return problem
    # Any round of the movement up to one past the section's (a table that finished early
    # moved on); earlier rounds stay open for late results (SPEC.md 6.9).
    if not 1 <= round_ <= section.movement.rounds or round_ > section.current_round + 1:
        return ErrorCode.WRONG_ROUND
    return check_seat(section.movement, table=table, round_=round_, board=board, ns=ns, ew=ew)


def check_seat(
    movement: Movement, *, table: int, round_: int, board: int, ns: int | None, ew: int | None
) -> ErrorCode | None:
    """Does `movement` put this board at this table in this round, between these pairs?"""
    assignment = movement.at(round_, table)
    if assignment is None or board not in assignment.boards:
        return ErrorCode.BOARD_OUT_OF_RANGE
    if (ns, ew) != (assignment.ns, assignment.ew):
        return ErrorCode.WRONG_PAIRS
    return None


def looks_wrong_side(entry: HeldResult, others: list[HeldResult]) -> bool:
    """A score whose mirror is the board's usual score and which nobody else got.

    With at least two other real results, when the opposite of this score is the most
    common one and this score appears nowhere else, the players most likely entered the
    declarer or the side wrongly.
    """
    if entry.score_ns is None or entry.score_ns == 0:
        return False
    scores = Counter(o.score_ns for o in others if o.score_ns is not None and o is not entry)
    if sum(scores.values()) < 2 or scores[entry.score_ns]:
        return False
    common, count = scores.most_common(1)[0]
    return common == -entry.score_ns and count >= 2
