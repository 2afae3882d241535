"""Entries a replaced or locked unit still had: the director merges them into the session or
not. An entry for a board the station holds with another entry is a conflict: shown beside the
held one, and replacing it needs the director's confirmation (docs/ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, status
from pydantic import BaseModel

from basestation.api.actions import act
from basestation.api.deps import Director, StationDep
from basestation.api.responses import MergeDecisionOut, MergeOfferOut
from basestation.station.director import MergeConflict
from basestation.station.grid import offer_alert
from firmware_protocol import jsonwire

router = APIRouter(prefix="/api/merge-offers", tags=["units"])


@router.get("", dependencies=[Director], response_model=list[MergeOfferOut])
async def merge_offers(station: StationDep) -> list[dict[str, Any]]:
    """Open offers: each the entry a replaced unit sent after it was locked out, with
    `conflict` true (and `held`, the station's entry, in words) when the station holds
    another entry for that board."""
    rules = station.rules
    found = []
    for offer_id, offer in sorted(rules.merge_offers.items()):
        alert = offer_alert(rules, offer_id, offer)
        found.append({"id": offer_id, "type": offer.body.TYPE.value,
                      **jsonwire.body_to_json(offer.body), "unit": offer.unit,
                      "conflict": alert["kind"] == "merge_conflict",
                      "held": alert.get("held"), "offered": alert.get("offered")})
    return found


class Decision(BaseModel):
    accept: bool
    # Accepting over a different entry the station holds: the director has seen both.
    replace: bool = False


@router.post("/{offer_id}", dependencies=[Director], response_model=MergeDecisionOut)
async def decide(offer_id: int, decision: Decision, station: StationDep) -> dict[str, Any]:
    """Accepting enters the entry as recovered (pushed to the table's pad); over a different
    held entry only with `replace` (else 409, saying both). Refusing drops the offer and keeps
    what is held. Either way it leaves the list and its alert goes."""
    offer = station.rules.merge_offers.get(offer_id)
    clash = offer is not None and station.rules.offer_clash(offer) is not None  # for the answer
    try:
        await act(station, lambda batch: station.rules.decide_merge(
            offer_id, decision.accept, batch, replace=decision.replace))
    except MergeConflict as exc:
        raise HTTPException(status.HTTP_409_CONFLICT, str(exc)) from exc
    return {"id": offer_id, "merged": decision.accept, "replaced": decision.accept and clash}
