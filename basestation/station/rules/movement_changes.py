"""Changing a section's movement mid-session, in the director's words: a late pair, a pair
withdrawing, or a new movement from a round on. Each builds the new movement from the one in
play and hands it to the session (`change_movement`), which refuses it when a result already
held would not fit; the answer says where pairs new to the movement sit first."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.movements import (
    KINDS,
    Movement,
    continue_with,
    fit_late_pair,
    generate,
    missing_pair,
    withdraw_pair,
)
from basestation.station.effects.batch import Batch
from basestation.station.refusals import Invalid, NotFound
from basestation.station.rules.composed import SessionRules
from basestation.station.session.memory import SectionState


@dataclass(frozen=True)
class Seated:
    """Where a pair the old movement did not have sits first."""

    round: int
    table: int
    direction: str
    pair: int


@dataclass(frozen=True)
class Changed:
    """The section's movement now, and the pairs it seats that the old one did not."""

    section: str
    movement: Movement
    seated: list[Seated]


def late_pair(rules: SessionRules, section: str, from_round: int, batch: Batch) -> Changed:
    """Seats a late pair from a round on: in the phantom's place, or (a Mitchell without a
    phantom, before play) at a new top table."""
    state = _section(rules, section)
    if missing_pair(state.movement) is None and state.held_count:
        raise Invalid("movement.no_phantom")
    new = fit_late_pair(state.movement, from_round)
    return _change(rules, state, new, f"late pair from round {from_round}", batch)


def withdraw(rules: SessionRules, section: str, pair: int, *, direction: str | None,
             from_round: int, batch: Batch) -> Changed:
    """A pair leaves before a round: its opponents sit out from then on."""
    state = _section(rules, section)
    new = withdraw_pair(state.movement, pair, direction, from_round)
    side = f" {direction}" if direction else ""
    return _change(rules, state, new, f"pair {pair}{side} withdrawn from round {from_round}",
                   batch)


def replace(rules: SessionRules, section: str, kind: str, tables: int, boards: int, *,
            phantom: bool, from_round: int, batch: Batch) -> Changed:
    """A new movement from a round on; the rounds before it stay as they were played."""
    state = _section(rules, section)
    if kind not in KINDS:
        raise Invalid("movement.kind", kinds=", ".join(sorted(KINDS)))
    new = continue_with(state.movement, generate(kind, tables, boards, phantom=phantom),
                        from_round)
    return _change(rules, state, new,
                   f"{kind} {tables} tables {boards} boards from round {from_round}", batch)


def _section(rules: SessionRules, letter: str) -> SectionState:
    state = rules.session.sections.get(letter.upper())
    if state is None:
        raise NotFound("section.not_found", section=letter)
    return state


def _change(rules: SessionRules, state: SectionState, new: Movement, why: str,
            batch: Batch) -> Changed:
    old = state.movement
    rules.director.change_movement(state.letter, new, batch, why=why)
    return Changed(state.letter, new, seated(old, new))


def seated(old: Movement, new: Movement) -> list[Seated]:
    """Pairs the new movement has that the old one did not, where they sit first."""
    before = set(old.pair_keys())
    seats: dict[tuple[str | None, int], Seated] = {}
    for a in sorted(new.assignments, key=lambda a: (a.round, a.table)):
        for direction, pair in (("NS", a.ns), ("EW", a.ew)):
            key = new.pair_key(pair, direction) if pair is not None else None
            if key is not None and key not in before and key not in seats:
                assert pair is not None
                seats[key] = Seated(a.round, a.table, direction, pair)
    return list(seats.values())
