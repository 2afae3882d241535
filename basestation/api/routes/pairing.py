"""A browser pad's pairing: the pad exchanges the one-time code its pairing link carries for
its unit's key (SPEC.md 10.5). No login: the code, good once, is the pad's proof."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Response, status
from pydantic import BaseModel, Field

from basestation.api.deps import StationDep
from basestation.station.pairing_codes import PairingRefused
from basestation.store import repository as repo

router = APIRouter(prefix="/api", tags=["units"])


class PairingCode(BaseModel):
    code: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")


class PadKey(BaseModel):
    unit: int
    key: str  # the unit's key, hex (SPEC.md 7)
    station: str  # the station id, for the pad's topics


@router.post("/pairing", responses={404: {"description": "a code the station never gave"},
                                    410: {"description": "a code spent, expired or replaced"}})
async def exchange(body: PairingCode, response: Response, station: StationDep) -> PadKey:
    """The unit's key for a pairing code, once: the code is spent. A code spent, expired or
    replaced by a newer one is refused (410), one the station never gave too (404), each in a
    sentence; a refusal changes nothing."""
    try:
        unit = station.pairing.spend(body.code)
    except PairingRefused as refused:
        raise HTTPException(status.HTTP_410_GONE if refused.gone else status.HTTP_404_NOT_FOUND,
                            str(refused)) from None
    known = station.hub.units.get(unit)
    key = known.key if known is not None else station.hub.key_for(unit)
    event = station.rules.event_id
    # Logged in turn with the pads' traffic; the pad does not wait for it.
    station.hub.later(lambda batch: batch.ops.append(
        repo.audit(event, f"unit {unit}", "pairing_code")))
    response.headers["Cache-Control"] = "no-store"
    return PadKey(unit=unit, key=key.hex(), station=station.config.id)
