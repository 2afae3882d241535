"""Merge offers as change records (effects/changes.py): an entry a replaced, locked or reset
unit still had, kept for the director; rewritten by a later one for the same board; decided."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.changes import ABSENT, Change, EntryAsWas, MemberAsWas, Together
from basestation.station.session.entries import Entry
from basestation.station.session.state import MergeOffer, OfferKey, SessionState
from basestation.store import repository as repo
from basestation.store.models import MergeOfferRow
from basestation.store.repository import Op


@dataclass(frozen=True)
class OfferMade(Change):
    """A new offer (`stored`, its row's text), open once its row is added with the batch
    (`Batch.insert`: its id comes then); until then pending under `key`."""

    session: SessionState
    key: OfferKey
    row: MergeOfferRow
    body: Entry
    origin: str

    def apply(self) -> Change:
        offered, pending = self.session.offered, self.session.offers_pending
        stored = self.row.body_json
        back = Together((MemberAsWas(offered, stored, stored in offered),
                         EntryAsWas(pending, self.key, pending.get(self.key, ABSENT))))
        offered.add(stored)
        pending[self.key] = (self.row, self.body, self.origin)
        return back


@dataclass(frozen=True)
class OfferRewritten(Change):
    """The unit's open offer for the board now says `body` (`stored`, its row's text): the
    pending row of this batch (`pending`), or the stored offer `offer_id`. The unit's count of
    replaced offers goes up (the grid names it)."""

    session: SessionState
    key: OfferKey
    body: Entry
    origin: str
    stored: str
    pending: MergeOfferRow | None
    offer_id: int | None

    def apply(self) -> Change:
        session, unit = self.session, self.key[0]
        offered, replaced = session.offered, session.offers_replaced
        parts: list[Change] = [MemberAsWas(offered, self.stored, self.stored in offered),
                               EntryAsWas(replaced, unit, replaced.get(unit, ABSENT))]
        offered.add(self.stored)
        replaced[unit] = replaced.get(unit, 0) + 1
        if self.pending is not None:
            pending = session.offers_pending
            parts.append(EntryAsWas(pending, self.key, pending.get(self.key, ABSENT)))
            pending[self.key] = (self.pending, self.body, self.origin)
        elif self.offer_id is not None:
            offers = session.merge_offers
            parts.append(EntryAsWas(offers, self.offer_id, offers.get(self.offer_id, ABSENT)))
            offers[self.offer_id] = MergeOffer(self.body, unit, self.origin)
        return Together(tuple(parts))

    def ops(self) -> tuple[Op, ...]:
        if self.pending is not None:
            return (repo.rewrite_merge_offer_row(self.pending, self.stored),)
        assert self.offer_id is not None
        return (repo.update(MergeOfferRow, self.offer_id, body_json=self.stored),)


@dataclass(frozen=True)
class OfferDecided(Change):
    """The director decided the offer: `state` merged or rejected; it is no longer open."""

    session: SessionState
    offer_id: int
    state: str

    def apply(self) -> Change:
        offers = self.session.merge_offers
        return EntryAsWas(offers, self.offer_id, offers.pop(self.offer_id, ABSENT))

    def ops(self) -> tuple[Op, ...]:
        return (repo.close_merge_offer(self.offer_id, self.state),)


@dataclass(frozen=True)
class ReplacedOffersForgotten(Change):
    """The unit's count of replaced offers goes (its offers all declined; in memory only)."""

    session: SessionState
    unit: int

    def apply(self) -> Change:
        replaced = self.session.offers_replaced
        return EntryAsWas(replaced, self.unit, replaced.pop(self.unit, ABSENT))
