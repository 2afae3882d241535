"""Changes to the results held, as records (effects/changes.py): an entry takes a board's
place, a held one is retired, the session is complete. Each rescoring its board as it is made
or put back."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from basestation.station.effects.changes import Change, set_fields
from basestation.station.session.entries import row_values
from basestation.station.session.memory import HeldResult, SectionState
from basestation.store import repository as repo
from basestation.store.repository import Op

if TYPE_CHECKING:
    from basestation.station.session.state import SessionState

Place = tuple[int, int, int]  # table, round, board


@dataclass(frozen=True)
class BoardAsWas(Change):
    """A board's place (table, round, board) holding `held` (None: nothing), its table last
    heard at `heard` (None: never): what a change to a result returns."""

    session: SessionState
    section: SectionState
    place: Place
    held: HeldResult | None
    heard: datetime | None

    def apply(self) -> BoardAsWas:
        section, (table, round_, board) = self.section, self.place
        back = BoardAsWas(self.session, section, self.place, section.held(table, round_, board),
                          section.last_heard.get(table))
        if self.held is not None:
            section.put(self.held)
        elif back.held is not None:
            section.remove(table, round_, board)
        if self.heard is None:
            section.last_heard.pop(table, None)
        else:
            section.last_heard[table] = self.heard
        self.session.rescore(section, board)
        return back


@dataclass(frozen=True)
class ResultHeld(Change):
    """`entry` takes its board's place (the one there, if any, retired already), its table
    heard from at `heard`."""

    session: SessionState
    section: SectionState
    event_id: int
    entry: HeldResult
    heard: datetime

    def apply(self) -> BoardAsWas:
        entry = self.entry
        return BoardAsWas(self.session, self.section, (entry.table, entry.round, entry.board),
                          entry, self.heard).apply()

    def ops(self) -> tuple[Op, ...]:
        return (repo.insert_result(row_values(self.event_id, self.entry)),)


@dataclass(frozen=True)
class ResultRetired(Change):
    """The held entry leaves its board's place: `status` says why (superseded, erased)."""

    session: SessionState
    section: SectionState
    event_id: int
    held: HeldResult
    status: str

    def apply(self) -> BoardAsWas:
        held = self.held
        return BoardAsWas(self.session, self.section, (held.table, held.round, held.board),
                          None, self.section.last_heard.get(held.table)).apply()

    def ops(self) -> tuple[Op, ...]:
        held = self.held
        return (repo.retire_result(self.event_id, (held.section, held.table, held.round,
                                                   held.board), self.status),)


@dataclass(frozen=True)
class SessionCompleted(Change):
    """Whether every section holds an entry for every board (said once: the end-of-session
    backup). Worked out from the results, so nothing is stored for it."""

    session: SessionState
    completed: bool = True

    def apply(self) -> Change:
        return set_fields(self.session, completed=self.completed)
