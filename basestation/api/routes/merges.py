"""Results a replaced unit still had: the director merges them into the session or not."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from basestation.api.actions import act
from basestation.api.deps import Director, StationDep
from basestation.api.responses import MergeOfferOut
from firmware_protocol import jsonwire

router = APIRouter(prefix="/api/merge-offers", tags=["units"])


@router.get("", dependencies=[Director], response_model=list[MergeOfferOut])
async def merge_offers(station: StationDep) -> list[dict[str, Any]]:
    """Open offers: each the result a replaced unit sent after it was locked out."""
    return [{"id": offer_id, "type": body.TYPE.value, **jsonwire.body_to_json(body)}
            for offer_id, body in sorted(station.rules.merge_offers.items())]


class Decision(BaseModel):
    accept: bool


@router.post("/{offer_id}", dependencies=[Director])
async def decide(offer_id: int, decision: Decision, station: StationDep) -> dict[str, Any]:
    """Accepting enters the result as recovered (pushed to the table's pad); refusing drops
    the offer. Either way it leaves the list."""
    await act(station, lambda batch: station.rules.decide_merge(offer_id, decision.accept,
                                                                 batch))
    return {"id": offer_id, "merged": decision.accept}
