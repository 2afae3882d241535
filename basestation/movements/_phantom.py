"""The missing pair: where the phantom sits, and a late pair taking its place."""

from __future__ import annotations

from dataclasses import replace

from basestation.movements._mitchell import (
    SHARE_AND_RELAY,
    SUMMARY_BOARDS,
    choose_layout,
    movement_from_layout,
)
from basestation.movements._model import EW, NS, Assignment, Movement, PairKey
from basestation.movements._words import MovementError


def phantom_seat(movement: Movement) -> tuple[int, str]:
    """(table, direction) in round 1 of the missing pair, as the seed's "Placing the phantom"
    and the movement pages say. The phantom is NS, so no one sits out beside the boards.
    """
    n = movement.tables
    if movement.kind == "mitchell":
        return (choose_layout(n, movement.boards).phantom_table, NS)
    if movement.kind == "hesitation":
        return (1, NS)  # "Phantom is placed NS at Table 1 to avoid the need to share boards"
    if movement.kind == "howell":
        # "Useful to have it at a sitting table": the highest, stationary pair.
        top = max(movement.pairs()["ALL"])
        seat = movement.seat_of(top, None, 1)
        assert seat is not None
        return seat
    # Share-and-relay, Bowman-Ewing and rover: NS at the top table needs no boards there;
    # skip, fat Mitchell and web: "Phantom can be anywhere".
    return (n, NS)


def place_phantom(movement: Movement) -> Movement:
    """The same movement with the phantom's pair number replaced by null everywhere."""
    table, direction = phantom_seat(movement)
    first = movement.at(1, table)
    assert first is not None
    number = first.ns if direction == NS else first.ew
    assert number is not None
    key = movement.pair_key(number, direction)
    return _with_pair(movement, key, None, from_round=1)


def _with_pair(
    movement: Movement, key: PairKey, new: int | None, *, from_round: int, fill: bool = False
) -> Movement:
    """From a round on, put `new` in every seat of `key`, or with `fill` in every empty seat
    of key's field (a late pair taking the phantom's place).
    """

    def changed(a: Assignment) -> Assignment:
        if a.round < from_round:
            return a
        if filling:
            if a.ns is None and (not movement.two_field or key[0] == NS):
                return replace(a, ns=new)
            if a.ew is None and (not movement.two_field or key[0] == EW):
                return replace(a, ew=new)
            return a
        if a.ns is not None and movement.pair_key(a.ns, NS) == key:
            return replace(a, ns=new)
        if a.ew is not None and movement.pair_key(a.ew, EW) == key:
            return replace(a, ew=new)
        return a

    filling = fill
    return replace(movement, assignments=tuple(changed(a) for a in movement.assignments))


def missing_pair(movement: Movement) -> PairKey | None:
    """The phantom's pair (field and number), or None when every seat is filled."""
    empty = {
        (a.round, direction)
        for a in movement.assignments
        for direction, pair in ((NS, a.ns), (EW, a.ew))
        if pair is None
    }
    if not empty:
        return None
    directions = {d for _, d in empty}
    rounds = [r for r, _ in empty]
    if len(rounds) != len(set(rounds)) or (movement.two_field and len(directions) > 1):
        raise MovementError.of("movement.many_missing")
    field = directions.pop() if movement.two_field else None
    name = field if field is not None else "ALL"
    present = set(movement.pairs().get(name, ()))
    number = next(n for n in range(1, len(present) + 2) if n not in present)
    return (field, number)


def fit_late_pair(movement: Movement, from_round: int = 1) -> Movement:
    """Seat a late pair from the start of `from_round` ("Fitting in late players").

    With a phantom, the late pair simply takes the phantom's place from that round on.
    Without one, a Mitchell gains a table before play starts: the seed's examples (10 tables
    28 boards -> 11/26, 11/26 -> 12/24, 15/25 -> 16/26, 16/26 -> 17/25) set up the new top
    table with the late pair EW and the phantom NS, and pick the new board count from the
    board-movement summary.
    """
    if not 1 <= from_round <= movement.rounds:
        raise MovementError.of("movement.round_not_in", round=from_round, rounds=movement.rounds)
    missing = missing_pair(movement)
    if missing is not None:
        return _with_pair(movement, missing, missing[1], from_round=from_round, fill=True)
    if movement.kind != "mitchell":
        raise MovementError.of("movement.no_phantom_kind", kind=movement.kind)
    if from_round != 1:
        raise MovementError.of("movement.no_phantom_mitchell")
    tables = movement.tables + 1
    boards = _late_board_count(tables, movement.boards)
    bigger = movement_from_layout(choose_layout(tables, boards), "mitchell")
    return _with_pair(bigger, (NS, tables), None, from_round=1)


def _late_board_count(tables: int, boards: int) -> int:
    candidates = list(SUMMARY_BOARDS.get(tables, ()))
    if not candidates:
        candidates = [b for b in range(boards - 3, boards + 4) if _fits(tables, b)]
    if not candidates:
        raise MovementError.of("movement.no_mitchell_near", tables=tables, boards=boards)

    def preference(b: int) -> tuple[bool, int, int]:
        # Share-and-relay first (the phantom's table then needs no boards), then the nearest
        # count, then the larger one.
        share = choose_layout(tables, b).method == SHARE_AND_RELAY
        return (not share, abs(b - boards), -b)

    return min(candidates, key=preference)


def _fits(tables: int, boards: int) -> bool:
    try:
        choose_layout(tables, boards)
    except MovementError:
        return False
    return True
