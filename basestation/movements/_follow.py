"""Pads that move with the pairs (players' own phones): each pad follows the pair sitting
NS (or EW) at its table in round 1. That works only when, in every round, each table in
play has exactly one of those pairs."""

from __future__ import annotations

from functools import reduce

from basestation.movements._model import EW, NS, Movement, PairKey, pair_said
from basestation.movements._words import MovementError


def followed_pairs(movement: Movement, side: str) -> tuple[PairKey, ...]:
    """The pairs the pads follow: those sitting `side` ("NS" or "EW") in round 1."""
    if side not in (NS, EW):
        raise MovementError.of("movement.follow_side", side=side)
    found = []
    for a in movement.round_of(1):
        number = a.ns if side == NS else a.ew
        if number is not None:
            found.append(movement.pair_key(number, side))
    return tuple(found)


def _at(movement: Movement, round_: int, table: int, keys: set[PairKey]) -> list[PairKey]:
    a = movement.at(round_, table)
    if a is None:
        return []
    seated = [movement.pair_key(n, d) for d, n in ((NS, a.ns), (EW, a.ew)) if n is not None]
    return [key for key in seated if key in keys]


def check_pads_follow(movement: Movement, side: str) -> None:
    """Raises MovementError, naming the round, table and pairs, when pads following the
    round-1 `side` pairs would put two pads at one table or leave a table in play without
    one in some round."""
    keys = set(followed_pairs(movement, side))
    for round_ in range(1, movement.rounds + 1):
        tables = movement.round_of(round_)
        for a in tables:  # two of them meeting says most, so it comes first
            here = _at(movement, round_, a.table, keys)
            if len(here) > 1:
                said = [pair_said(k) for k in sorted(here, key=_order)]
                names = reduce(lambda first, second: MovementError.said(
                    "movement.and", first=first, second=second), said)
                raise MovementError.of("movement.follow_meet", side=side, names=names,
                                       table=a.table, round=round_)
        for a in tables:
            if a.ns is not None and a.ew is not None and not _at(movement, round_, a.table, keys):
                raise MovementError.of("movement.follow_none", side=side, table=a.table,
                                       round=round_)


def _order(key: PairKey) -> int:
    return key[1]


def followed_pair(movement: Movement, side: str, table: int, round_: int) -> PairKey | None:
    """The followed pair (round-1 `side` pair) at the table in that round, if any."""
    here = _at(movement, round_, table, set(followed_pairs(movement, side)))
    return here[0] if here else None


def table_of(movement: Movement, pair: PairKey, round_: int) -> int | None:
    """The table where the pair sits in that round (None: it sits out)."""
    direction, number = pair
    for side in ((direction,) if direction is not None else (NS, EW)):
        seat = movement.seat_of(number, side, round_)
        if seat is not None:
            return seat[0]
    return None
