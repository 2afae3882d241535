"""Merge offers as change records (effects/changes.py): an entry a replaced, locked or reset
unit still had, kept for the director; rewritten by a later one for the same board; decided."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.changes import ABSENT, Change, Together, set_entry, set_member
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
        return Together((set_member(self.session.offered, self.row.body_json, True),
                         set_entry(self.session.offers_pending, self.key,
                                   (self.row, self.body, self.origin))))


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
        replaced = session.offers_replaced
        parts: list[Change] = [set_member(session.offered, self.stored, True),
                               set_entry(replaced, unit, replaced.get(unit, 0) + 1)]
        if self.pending is not None:
            parts.append(set_entry(session.offers_pending, self.key,
                                   (self.pending, self.body, self.origin)))
        elif self.offer_id is not None:
            parts.append(set_entry(session.merge_offers, self.offer_id,
                                   MergeOffer(self.body, unit, self.origin)))
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
        return set_entry(self.session.merge_offers, self.offer_id, ABSENT)

    def ops(self) -> tuple[Op, ...]:
        return (repo.close_merge_offer(self.offer_id, self.state),)


@dataclass(frozen=True)
class ReplacedOffersForgotten(Change):
    """The unit's count of replaced offers goes (its offers all declined; in memory only)."""

    session: SessionState
    unit: int

    def apply(self) -> Change:
        return set_entry(self.session.offers_replaced, self.unit, ABSENT)
