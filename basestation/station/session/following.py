"""Pads that move with a pair (SPEC.md 14.10): which pair a pad follows, and whether its
login to another table is the pair's move there."""

from __future__ import annotations

from basestation.movements import PairKey, followed_pair, table_of
from basestation.movements._model import describe_pair
from basestation.station.session.memory import SectionState, UnitState
from firmware_protocol.enums import ErrorCode, PadPlace


def side_of(section: SectionState) -> str | None:
    """"NS" or "EW" when the section's pads follow pairs; None when they stay at tables."""
    return None if section.pads is PadPlace.TABLES else section.pads.value.upper()


def pair_of(section: SectionState, unit: UnitState) -> PairKey | None:
    """The pair a pad of the section follows: as it was at its last login; after a restart,
    the followed pair of its table's round (the round just over, when its table has done it
    and nothing of the next is entered yet: the pad has not moved on)."""
    side = side_of(section)
    if side is None or unit.table is None:
        return None
    if unit.follows is not None:
        return unit.follows
    round_ = section.play_round(unit.table)
    here = section.movement.at(round_, unit.table)
    begun = here is not None and any(section.held(unit.table, round_, b) is not None
                                     for b in here.boards)
    if round_ > 1 and not begun and _done(section, unit.table, round_ - 1):
        round_ -= 1
    return followed_pair(section.movement, side, unit.table, round_)


def _done(section: SectionState, table: int, round_: int) -> bool:
    here = section.movement.at(round_, table)
    return here is not None and all(section.held(table, round_, b) is not None
                                    for b in here.boards)


def arriving(section: SectionState, table: int) -> PairKey | None:
    """The followed pair due at the table in the round it plays now: who a pad logging in
    there afresh follows."""
    side = side_of(section)
    if side is None:
        return None
    return followed_pair(section.movement, side, table, section.play_round(table))


def check_move(section: SectionState, pair: PairKey, table: int,
               left: int) -> tuple[ErrorCode, str] | None:
    """None when the pair sits at `table` in the round the table plays now (its pad may take
    it over from the pad of the pair that left). Otherwise why not, in a sentence: the table
    still plays the round the pair played at `left` (TABLE_IN_USE: the pad tries again,
    the pair is due there next), or the pair is due
    elsewhere (WRONG_PAIRS). Each sentence fits a nak's detail (64 bytes)."""
    round_ = section.play_round(table)
    if table_of(section.movement, pair, round_) == table:
        return None
    name = describe_pair(pair)  # "EW pair 5", or "pair 5" in a one-field movement
    here_then = table_of(section.movement, pair, round_) == left
    if here_then and table_of(section.movement, pair, round_ + 1) == table:
        return ErrorCode.TABLE_IN_USE, (f"table {table} still plays round {round_}; "
                                        f"{name} is due in round {round_ + 1}")
    where = table_of(section.movement, pair, round_)
    due = f"plays at table {where}" if where is not None else "sits out"
    return ErrorCode.WRONG_PAIRS, f"{name} {due} in round {round_}, not table {table}"
