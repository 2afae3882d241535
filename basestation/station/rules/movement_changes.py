"""Changing a section's movement mid-session, in the director's words: a late pair, a pair
withdrawing, or a new movement from a round on (and a Swiss round drawn, commands/swiss_draw.py).
Each builds the new movement from the one in play and hands it to `change`, which refuses it
when a result already held would not fit; the answer says where pairs new to the movement sit
first. Part of SessionRules (rules/composed.py)."""

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
from basestation.station.effects.events import MovementChanged
from basestation.station.refusals import Invalid, NotFound
from basestation.station.session.memory import SectionState
from basestation.station.session.result_changes import SessionCompleted
from basestation.station.session.round_changes import MovementReplaced
from basestation.station.session.state import SessionState
from basestation.station.session.validation import check_seat
from basestation.store import repository as repo
from firmware_protocol.messages import Control, ControlCommand


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


class MovementChanges:
    """A section's movement replaced while it plays."""

    def __init__(self, session: SessionState) -> None:
        self.session = session

    def late_pair(self, section: str, from_round: int, batch: Batch) -> Changed:
        """Seats a late pair from a round on: in the phantom's place, or (a Mitchell without
        a phantom, before play) at a new top table."""
        state = self._section(section)
        if missing_pair(state.movement) is None and state.held_count:
            raise Invalid("movement.no_phantom")
        new = fit_late_pair(state.movement, from_round)
        return self._changed(state, new, f"late pair from round {from_round}", batch)

    def withdraw(self, section: str, pair: int, *, direction: str | None, from_round: int,
                 batch: Batch) -> Changed:
        """A pair leaves before a round: its opponents sit out from then on."""
        state = self._section(section)
        new = withdraw_pair(state.movement, pair, direction, from_round)
        side = f" {direction}" if direction else ""
        return self._changed(state, new, f"pair {pair}{side} withdrawn from round {from_round}",
                             batch)

    def replace(self, section: str, kind: str, tables: int, boards: int, *, phantom: bool,
                from_round: int, batch: Batch) -> Changed:
        """A new movement from a round on; the rounds before it stay as they were played."""
        state = self._section(section)
        if kind not in KINDS:
            raise Invalid("movement.kind", kinds=", ".join(sorted(KINDS)))
        new = continue_with(state.movement, generate(kind, tables, boards, phantom=phantom),
                            from_round)
        return self._changed(state, new,
                             f"{kind} {tables} tables {boards} boards from round {from_round}",
                             batch)

    def change(self, section: str, movement: Movement, batch: Batch, *, why: str) -> None:
        """Replaces a section's movement mid-session (a late pair seated, a Swiss round
        drawn). Every result already held must still fit the new movement, or nothing
        changes; the section's pads then log in again and receive their new rounds."""
        state = self.session.sections.get(section)
        if state is None or self.session.event_id is None:
            raise NotFound("section.not_found", section=section)
        clashes = [held for held in state.all_results()
                   if check_seat(movement, table=held.table, round_=held.round, board=held.board,
                                 ns=held.ns, ew=held.ew) is not None]
        if clashes:
            first = min(clashes, key=lambda h: (h.round, h.table, h.board))
            raise Invalid("movement.results_clash", count=len(clashes), board=first.board,
                          table=first.table, round=first.round)
        batch.change(MovementReplaced(self.session, state, movement))
        # A round drawn after its last one completed (a Swiss draw): the section moves on.
        self.session.round_moves_on(state, state.current_round, batch)
        # More rounds or a late pair: the session is no longer complete (nor its results
        # public) until their boards are in too.
        batch.change(SessionCompleted(self.session, self.session.all_complete()))
        batch.ops.append(repo.audit(self.session.event_id, "director", "movement",
                                    section=section, why=why, tables=movement.tables,
                                    boards=movement.boards))
        batch.event(MovementChanged(section))
        for unit in sorted(set(state.holders.values())):
            batch.send(unit, Control(command=ControlCommand.RELOGIN))

    def _section(self, letter: str) -> SectionState:
        state = self.session.sections.get(letter.upper())
        if state is None:
            raise NotFound("section.not_found", section=letter)
        return state

    def _changed(self, state: SectionState, new: Movement, why: str,
                 batch: Batch) -> Changed:
        old = state.movement
        self.change(state.letter, new, batch, why=why)
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
