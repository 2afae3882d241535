"""Who sits where, as change records (effects/changes.py): tables taken and let go, takeovers
authorised and closed, pairs seated, players added."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from basestation.station.effects.changes import (
    ABSENT,
    Change,
    EntryAsWas,
    Together,
    set_entry,
    set_member,
)
from basestation.station.session.memory import SectionState
from basestation.station.session.seats import Place, numbers_text
from basestation.store import repository as repo
from basestation.store.models import PlayerRow, SeatRow, TableHoldRow
from basestation.store.repository import Op

if TYPE_CHECKING:
    from basestation.station.session.state import SessionState


@dataclass(frozen=True)
class TableTaken(Change):
    """A unit holds the table now (a login), and is known to have held it in this event."""

    session: SessionState
    section: SectionState
    table: int
    unit: int
    event_id: int

    def apply(self) -> Change:
        mine = (self.unit, self.section.letter, self.table)
        return Together((set_entry(self.section.holders, self.table, self.unit),
                         set_member(self.session.tables_held, mine, True)))

    def ops(self) -> tuple[Op, ...]:
        letter = self.section.letter
        return (repo.release_holds(self.event_id, letter, self.table),
                repo.add(TableHoldRow(event_id=self.event_id, section=letter,
                                      table_no=self.table, unit=self.unit)))


@dataclass(frozen=True)
class TableLetGo(Change):
    """Nobody holds the table now: its holder logged in elsewhere, or moved on with its pair
    (`event_id` None: its hold is released by the login that follows, no store operation)."""

    section: SectionState
    table: int
    event_id: int | None

    def apply(self) -> Change:
        return set_entry(self.section.holders, self.table, ABSENT)

    def ops(self) -> tuple[Op, ...]:
        if self.event_id is None:
            return ()
        return (repo.release_holds(self.event_id, self.section.letter, self.table),)


@dataclass(frozen=True)
class TakeoverOpened(Change):
    """The director lets the next pad that asks take the table over."""

    session: SessionState
    event_id: int
    section: str
    table: int

    def apply(self) -> Change:
        return set_member(self.session.takeovers, (self.section, self.table), True)

    def ops(self) -> tuple[Op, ...]:
        return (repo.open_takeover(self.event_id, self.section, self.table),)


@dataclass(frozen=True)
class TakeoverClosed(Change):
    """The table's open takeovers close: `state` says how (taken, withdrawn)."""

    session: SessionState
    event_id: int
    section: str
    table: int
    state: str

    def apply(self) -> Change:
        return set_member(self.session.takeovers, (self.section, self.table), False)

    def ops(self) -> tuple[Op, ...]:
        return (repo.close_takeovers(self.event_id, self.section, self.table, self.state),)


@dataclass(frozen=True)
class PairSeated(Change):
    """Players seated for a pair or team (seats.py), by `actor` (director, unit N)."""

    session: SessionState
    event_id: int
    place: Place
    numbers: tuple[int, ...]
    actor: str

    def apply(self) -> Change:
        seats, (section, entrant, _) = self.session.seats, self.place
        # What a seating of the place may change: the place, and a team's pairs.
        keys = {self.place, (section, entrant, "NS"), (section, entrant, "EW")}
        back = Together((*(EntryAsWas(seats.held, key, seats.held.get(key, ABSENT))
                           for key in sorted(keys)),
                         EntryAsWas(seats.by, self.place, seats.by.get(self.place, ABSENT))))
        seats.set(self.place, self.numbers)
        seats.by[self.place] = self.actor
        return back

    def ops(self) -> tuple[Op, ...]:
        section, entrant, side = self.place
        return (repo.add(SeatRow(event_id=self.event_id, section=section, entrant=entrant,
                                 side=side, players=numbers_text(self.numbers),
                                 actor=self.actor)),)


@dataclass(frozen=True)
class VisitorAdded(Change):
    """A visitor on the club's list, under a number of its own."""

    session: SessionState
    number: int
    name: str

    def apply(self) -> Change:
        return set_entry(self.session.players, self.number, self.name)

    def ops(self) -> tuple[Op, ...]:
        return (repo.merge(PlayerRow(number=self.number, name=self.name)),)
