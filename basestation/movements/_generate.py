"""One entry point for every movement kind, with the phantom placed where the seed says."""

from __future__ import annotations

from collections.abc import Callable

from basestation.movements._bowman_ewing import bowman_ewing
from basestation.movements._check import check
from basestation.movements._hesitation import fat_mitchell, hesitation
from basestation.movements._howell import howell
from basestation.movements._mitchell import mitchell
from basestation.movements._model import Movement
from basestation.movements._phantom import place_phantom
from basestation.movements._rover import rover
from basestation.movements._web import web
from basestation.movements._words import MovementError

KINDS: tuple[str, ...] = (
    "mitchell",
    "howell",
    "hesitation",
    "fat-mitchell",
    "web",
    "bowman-ewing",
    "rover",
    "skip-mitchell",
)

_GENERATORS: dict[str, Callable[[int, int], Movement]] = {
    "mitchell": mitchell,
    "howell": howell,
    "hesitation": hesitation,
    "fat-mitchell": fat_mitchell,
    "web": web,
    "bowman-ewing": bowman_ewing,
    "rover": rover,
    "skip-mitchell": lambda tables, boards: mitchell(tables, boards, skip=True),
}


def generate(kind: str, tables: int, boards: int, *, phantom: bool = False) -> Movement:
    """Build a movement; with `phantom` one pair is missing (null) where the seed places it."""
    if kind not in _GENERATORS:
        raise MovementError.of("movement.unknown_kind", kind=repr(kind), kinds=", ".join(KINDS))
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
        raise MovementError.of("movement.tables_at_least", tables=repr(tables))
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise MovementError.of("movement.boards_at_least", boards=repr(boards))
    movement = _GENERATORS[kind](tables, boards)
    report = check(movement)
    if not report.ok:  # a generator bug must never reach the room
        raise MovementError.of("movement.unbalanced", kind=kind, tables=tables, boards=boards,
                               problems="; ".join(report.problems[:3]))
    return place_phantom(movement) if phantom else movement
