"""Changing a movement mid-session: a pair withdrawing, or a new movement from a round on."""

from __future__ import annotations

from basestation.movements._model import EW, NS, Movement
from basestation.movements._phantom import _with_pair
from basestation.movements._words import MovementError


def withdraw_pair(movement: Movement, pair: int, direction: str | None,
                  from_round: int) -> Movement:
    """The pair leaves before `from_round`: its seat is empty (a phantom) from then on, so
    its opponents sit out those rounds. `direction` is NS or EW (None in a one-field
    movement)."""
    if not 1 <= from_round <= movement.rounds:
        raise MovementError.of("movement.round_not_in", round=from_round, rounds=movement.rounds)
    if movement.two_field and direction not in (NS, EW):
        raise MovementError.of("movement.say_field")
    key = movement.pair_key(pair, direction)
    if key not in movement.pair_keys():
        if direction:
            raise MovementError.of("movement.side_pair_not_in", pair=pair, side=direction)
        raise MovementError.of("movement.pair_not_in", pair=pair)
    return _with_pair(movement, key, None, from_round=from_round)


def continue_with(movement: Movement, new: Movement, from_round: int) -> Movement:
    """The rounds before `from_round` as they were, then `new`'s rounds from `from_round` on
    (its own round numbers): the director changes the movement mid-session."""
    if not 1 <= from_round <= new.rounds:
        raise MovementError.of("movement.round_not_in_new", round=from_round, rounds=new.rounds)
    if movement.two_field != new.two_field:
        raise MovementError.of("movement.keep_fields")
    kept = tuple(a for a in movement.assignments if a.round < from_round)
    taken = tuple(a for a in new.assignments if a.round >= from_round)
    return Movement(kind=new.kind if not kept else "custom",
                    tables=max([new.tables] + [a.table for a in kept]),
                    boards=max([new.boards] + [b for a in kept for b in a.boards]),
                    rounds=new.rounds, two_field=new.two_field, assignments=kept + taken)
