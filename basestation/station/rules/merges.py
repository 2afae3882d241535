"""The director's decision on an entry a replaced or locked unit still had (a merge offer):
taken into the session as recovered, or dropped. Over a different entry the station holds (a
conflict) only once the director has seen both and confirms (docs/ARCHITECTURE.md)."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.station.effects.batch import Batch
from basestation.station.rules.composed import SessionRules
from basestation.station.session.offer_changes import ReplacedOffersForgotten


@dataclass(frozen=True)
class Decided:
    merged: bool  # the offer's entry was taken into the session
    replaced: bool  # ... over a different entry the station held


def decide(rules: SessionRules, offer_id: int, accept: bool, batch: Batch, *,
           replace: bool = False) -> Decided:
    """Accepting enters the offer's entry as recovered (pushed to the table's pad); over a
    different held entry only with `replace` (else MergeConflict, a Conflict saying both).
    Refusing drops the offer and keeps what is held. Either way the offer and its alert go;
    no such open offer is a NotFound."""
    offer = rules.session.merge_offers.get(offer_id)
    clash = offer is not None and rules.session.offer_clash(offer) is not None
    rules.director.decide_merge(offer_id, accept, batch, replace=replace)
    return Decided(merged=accept, replaced=accept and clash)


def decline_unit(rules: SessionRules, unit: int, batch: Batch) -> int:
    """Drops every open offer of `unit` at once (a let-go pad sending too much), keeping
    what is held; how many were dropped. Its count of replaced offers goes with them."""
    offers = [offer_id for offer_id, offer in rules.session.merge_offers.items()
              if offer.unit == unit]
    for offer_id in offers:
        rules.director.decide_merge(offer_id, False, batch)
    if unit in rules.session.offers_replaced:
        batch.change(ReplacedOffersForgotten(rules.session, unit))
    return len(offers)


__all__ = ["Decided", "decide", "decline_unit"]
