"""Entries a replaced or locked unit still had: the director merges them into the session or
not. An entry for a board the station holds with another entry is a conflict: shown beside the
held one, and replacing it needs the director's confirmation (docs/ARCHITECTURE.md)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import MergeDecisionOut, MergeOfferOut, OffersDeclinedOut

router = APIRouter(prefix="/api/merge-offers", tags=["units"])


@router.get("", dependencies=[Director], response_model=list[MergeOfferOut])
async def merge_offers(read: ReadDep) -> list[MergeOfferOut]:
    """Open offers: each the entry a replaced unit sent after it was locked out, with
    `conflict` true (and `held`, the station's entry, in words) when the station holds
    another entry for that board."""
    return read.merge_offers()


class Decision(BaseModel):
    accept: bool
    # Accepting over a different entry the station holds: the director has seen both.
    replace: bool = False


@router.post("/by-unit/{unit}/decline", dependencies=[Director],
             response_model=OffersDeclinedOut)
async def decline_unit(unit: int, station: StationDep) -> OffersDeclinedOut:
    """Drops every open offer of one unit at once (a let-go pad that sent too much); what
    is held stays. None open: nothing changes, `declined` 0."""
    declined = await station.director.decline_offers(unit)
    return OffersDeclinedOut(unit=unit, declined=declined)


@router.post("/{offer_id}", dependencies=[Director], response_model=MergeDecisionOut)
async def decide(offer_id: int, decision: Decision, station: StationDep) -> MergeDecisionOut:
    """Accepting enters the entry as recovered (pushed to the table's pad); over a different
    held entry only with `replace` (else 409, saying both). Refusing drops the offer and keeps
    what is held. Either way it leaves the list and its alert goes."""
    decided = await station.director.decide_merge(offer_id, decision.accept,
                                                  replace=decision.replace)
    return MergeDecisionOut(id=offer_id, merged=decided.merged, replaced=decided.replaced)
