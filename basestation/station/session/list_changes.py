"""The club's list of players and the hand records, as change records (effects/changes.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from basestation.domain.cards import Deal
from basestation.station.effects.changes import ABSENT, Change, Together, set_entry
from basestation.store import repository as repo
from basestation.store.models import HandRecordRow, PlayerRow
from basestation.store.repository import Op

if TYPE_CHECKING:
    from basestation.station.session.state import SessionState


@dataclass(frozen=True)
class PlayerListed(Change):
    """A player on the club's list, with a national number and a handicap (None: none)."""

    session: SessionState
    number: int
    name: str
    national: str | None
    handicap: float | None

    def apply(self) -> Change:
        session, number = self.session, self.number
        return Together((set_entry(session.players, number, self.name),
                         set_entry(session.national, number, self.national or ABSENT),
                         set_entry(session.handicaps, number,
                                   ABSENT if self.handicap is None else self.handicap)))

    def ops(self) -> tuple[Op, ...]:
        return (repo.merge(PlayerRow(number=self.number, name=self.name,
                                     national=self.national, handicap=self.handicap)),)


@dataclass(frozen=True)
class HandRecordLoaded(Change):
    """A board's deal (PBN `text`) for a section, what the lead check and feedback read."""

    session: SessionState
    event_id: int
    section: str
    board: int
    text: str
    deal: Deal

    def apply(self) -> Change:
        where = (self.section, self.board)
        return Together((set_entry(self.session.deals, where, self.deal),
                         set_entry(self.session.deal_text, where, self.text)))

    def ops(self) -> tuple[Op, ...]:
        return (repo.add(HandRecordRow(event_id=self.event_id, section=self.section,
                                       board=self.board, deal=self.text)),)
