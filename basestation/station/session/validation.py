"""Checks of a pad's entry against the movement and what the station already holds."""

from __future__ import annotations

from operator import itemgetter

from basestation.movements import Movement
from basestation.station.session.memory import HeldResult, SectionState
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
    score = entry.score_ns
    if score is None or score == 0:
        return False
    scores: dict[int, int] = {}
    for other in others:  # counted in a plain loop: asked for every result
        if other.score_ns is not None and other is not entry:
            scores[other.score_ns] = scores.get(other.score_ns, 0) + 1
    if sum(scores.values()) < 2 or score in scores:
        return False
    # The first of the most common, as Counter.most_common(1) gives it.
    common, count = max(scores.items(), key=itemgetter(1))
    return common == -score and count >= 2
