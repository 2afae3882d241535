"""A browser pad's pairing: the pad exchanges the one-time code its pairing link carries for
its unit's key (SPEC.md 10.5). No login: the code, good once, is the pad's proof. A wrong code
is written in the audit log with the address it came from; after `WRONG_PER_MINUTE` of them an
address waits out the minute, its codes refused unchecked (written once)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response, status
from pydantic import BaseModel, Field

from basestation.api.auth import Tries
from basestation.api.deps import StationDep
from basestation.station.session.pairing_codes import PairingRefused

router = APIRouter(prefix="/api", tags=["units"])

WRONG_PER_MINUTE = 10  # a pad gets its code right; a person retyping a link, a few tries
LIMITED = ("Too many wrong pairing codes from this device: wait a minute, then open the "
           "newest pairing link the director gave")


class PairingCode(BaseModel):
    code: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")


class PadKey(BaseModel):
    unit: int
    key: str  # the unit's key, hex (SPEC.md 7)
    station: str  # the station id, for the pad's topics


@router.post("/pairing", responses={404: {"description": "a code the station never gave"},
                                    410: {"description": "a code spent, expired or replaced"},
                                    429: {"description": "too many wrong codes from this "
                                                         "address in the last minute"}})
async def exchange(body: PairingCode, request: Request, response: Response,
                   station: StationDep) -> PadKey:
    """The unit's key for a pairing code, once: the code is spent. A code spent, expired or
    replaced by a newer one is refused (410), one the station never gave too (404), each in a
    sentence and written in the audit log; a refusal changes nothing else. After 10 wrong codes
    in a minute from one address, its codes are refused unchecked (429) until the minute is
    out."""
    client = request.client.host if request.client else "unknown"
    tries = _tries(request)
    if not tries.allowed(client):
        if client not in request.app.state.pairing_limited:  # written once a minute
            request.app.state.pairing_limited.add(client)
            station.pads.audit(f"address {client}", "pairing_codes_limited",
                               why=f"{WRONG_PER_MINUTE} wrong codes in a minute")
        raise HTTPException(status.HTTP_429_TOO_MANY_REQUESTS, LIMITED,
                            headers={"Retry-After": "60"})
    request.app.state.pairing_limited.discard(client)
    try:
        unit, key = station.pads.key_for_code(body.code)
    except PairingRefused as refused:
        tries.add(client)
        station.pads.audit(f"address {client}", "wrong_pairing_code",
                           why="spent, expired or replaced" if refused.gone else "never given")
        raise HTTPException(status.HTTP_410_GONE if refused.gone else status.HTTP_404_NOT_FOUND,
                            str(refused)) from None
    response.headers["Cache-Control"] = "no-store"
    return PadKey(unit=unit, key=key.hex(), station=station.config.id)


def _tries(request: Request) -> Tries:
    state = request.app.state
    if getattr(state, "pairing_tries", None) is None:
        state.pairing_tries = Tries(WRONG_PER_MINUTE)
        state.pairing_limited = set()
    tries: Tries = state.pairing_tries
    return tries

