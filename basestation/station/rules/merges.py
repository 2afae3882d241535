"""The director's decision on an entry a replaced or locked unit still had (a merge offer):
taken into the session as recovered, or dropped. Over a different entry the station holds (a
conflict) only once the director has seen both and confirms (docs/ARCHITECTURE.md). Part of
SessionRules (rules/composed.py)."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.batch import Batch
from basestation.station.refusals import Conflict, NotFound, Phrase, Value
from basestation.station.rules.director import DirectorActions
from basestation.station.session.entries import entry_phrase
from basestation.station.session.memory import HeldResult
from basestation.station.session.offer_changes import OfferDecided, ReplacedOffersForgotten
from basestation.station.session.state import MergeOffer, SessionState
from basestation.store import repository as repo


@dataclass(frozen=True)
class Decided:
    merged: bool  # the offer's entry was taken into the session
    replaced: bool  # ... over a different entry the station held


class Merges:
    """The director's decisions on the open merge offers."""

    def __init__(self, session: SessionState, director: DirectorActions) -> None:
        self.session = session
        self.director = director  # enters an accepted offer (`director_enter`)

    def decide(self, offer_id: int, accept: bool, batch: Batch, *,
               replace: bool = False) -> Decided:
        """Accepting enters the offer's entry as recovered (pushed to the table's pad); over
        a different held entry only with `replace` (else MergeConflict, a Conflict saying
        both): nothing held is ever replaced unseen. Refusing drops the offer and keeps what
        is held. Either way the offer and its alert go; no such open offer is a NotFound."""
        offer = self.session.merge_offers.get(offer_id)
        if offer is None:
            raise NotFound("merge.not_found", offer=offer_id)
        held, same = self.session.offer_held(offer)
        if accept and held is not None and not same and not replace:
            raise merge_conflict(offer, held)
        if accept and not same:
            self.director.director_enter(offer.body, batch, source="recovery")
        batch.change(OfferDecided(self.session, offer_id, "merged" if accept else "rejected"))
        batch.ops.append(repo.audit(self.session.event_id, "director", "merge", offer=offer_id,
                                    accepted=accept))
        return Decided(merged=accept, replaced=accept and held is not None and not same)

    def decline_unit(self, unit: int, batch: Batch) -> int:
        """Drops every open offer of `unit` at once (a let-go pad sending too much), keeping
        what is held; how many were dropped. Its count of replaced offers goes with them."""
        offers = [offer_id for offer_id, offer in self.session.merge_offers.items()
                  if offer.unit == unit]
        for offer_id in offers:
            self.decide(offer_id, False, batch)
        if unit in self.session.offers_replaced:
            batch.change(ReplacedOffersForgotten(self.session, unit))
        return len(offers)


class MergeConflict(Conflict):
    """Accepting an offer over a different entry the station holds, unconfirmed."""


def merge_conflict(offer: MergeOffer, held: HeldResult) -> MergeConflict:
    """What the director must confirm: both entries, in the director's words."""
    body = offer.body
    offered = offer.entry
    said = Phrase("held.unreadable") if offered is None else entry_phrase(offered)
    place: dict[str, Value] = {"board": body.board, "section": body.section, "table": body.table,
             "round": body.round, "held": entry_phrase(held), "offered": said}
    if offer.unit is None:
        return MergeConflict("merge.over_held_offered", **place)
    return MergeConflict("merge.over_held", unit=offer.unit, **place)
