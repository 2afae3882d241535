"""A browser pad's pairing: the pad exchanges the one-time code its pairing link carries for
its unit's key (SPEC.md 10.5). No login: the code, good once, is the pad's proof. A wrong code
is written in the audit log with the address it came from; after `WRONG_PER_MINUTE` of them an
address waits out the minute, its codes refused unchecked (written once)."""

from __future__ import annotations

import base64

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from basestation.api.auth import Tries
from basestation.api.deps import StationDep
from basestation.api.errors import refusal
from basestation.station.refusals import Gone, NotFound, TooMany
from basestation.station.session.pairing_codes import (
    EXPIRED,
    LIFE,
    REPLACED,
    SPENT,
    PairingRefused,
)

router = APIRouter(prefix="/api", tags=["units"])

WRONG_PER_MINUTE = 10  # a pad gets its code right; a person retyping a link, a few tries
# The pairing codes' sentences (for the players) as message keys.
GONE = {SPENT: "pairing.spent", EXPIRED: "pairing.expired", REPLACED: "pairing.replaced"}


# The key kept for the pad by its browser (SPEC.md 10.5): Safari erases a site's
# script-written storage after 7 days without a visit, not a cookie the server set. HttpOnly
# and sent only to the one route that gives it back.
KEPT = "bridgepad_key"
KEPT_PATH = "/api/pairing/kept"
KEPT_SECONDS = 400 * 24 * 3600  # the longest a browser keeps a cookie


class PairingCode(BaseModel):
    code: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    # The broker the pairing link named, kept with the key for the pad.
    broker: str | None = Field(default=None, max_length=200,
                               pattern=r"^wss?://[A-Za-z0-9.:\[\]_-]+(/[A-Za-z0-9/_.~-]*)?$")


class PadKey(BaseModel):
    unit: int
    key: str  # the unit's key, hex (SPEC.md 7)
    station: str  # the station id, for the pad's topics


class KeptKey(PadKey):
    broker: str | None  # the pairing link's broker, or null for the page's own default


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
        raise TooMany("pairing.too_many", retry_after=60)
    request.app.state.pairing_limited.discard(client)
    try:
        unit, key = station.pads.key_for_code(body.code)
    except PairingRefused as refused:
        tries.add(client)
        station.pads.audit(f"address {client}", "wrong_pairing_code",
                           why="spent, expired or replaced" if refused.gone else "never given")
        if refused.gone:
            raise Gone(GONE[str(refused)], **({"minutes": LIFE / 60} if str(refused) == EXPIRED
                                               else {})) from None
        raise NotFound("pairing.unknown") from None
    response.headers["Cache-Control"] = "no-store"
    broker = base64.urlsafe_b64encode((body.broker or "").encode()).decode()
    response.set_cookie(KEPT, f"{unit}.{key.hex()}.{broker}", max_age=KEPT_SECONDS,
                        path=KEPT_PATH, httponly=True, samesite="strict",
                        secure=request.url.scheme == "https")
    return PadKey(unit=unit, key=key.hex(), station=station.config.id)


@router.get("/pairing/kept", response_model=KeptKey,
            responses={404: {"description": "no key kept by this browser"},
                       410: {"description": "the unit was paired again"}})
async def kept(request: Request, response: Response,
               station: StationDep) -> KeptKey | JSONResponse:
    """The key this browser's pairing kept for its pad, while it is still the unit's: for a
    pad page whose own storage the browser erased. Refused in a sentence otherwise (a unit
    paired again since also loses the cookie)."""
    found = _kept(request.cookies.get(KEPT, ""))
    if found is None:
        raise NotFound("pairing.none_kept")
    unit, key, broker = found
    if not station.pads.holds_key(unit, key):
        gone = refusal(Gone("pairing.paired_again", unit=unit))
        gone.delete_cookie(KEPT, path=KEPT_PATH, httponly=True, samesite="strict")
        return gone
    response.headers["Cache-Control"] = "no-store"
    return KeptKey(unit=unit, key=key.hex(), station=station.config.id, broker=broker or None)


def _kept(text: str) -> tuple[int, bytes, str] | None:
    """unit.key.broker of the cookie, or None when it is not one the pairing set."""
    parts = text.split(".")
    if len(parts) != 3 or not parts[0].isdigit() or not 0 < int(parts[0]) < 65536:
        return None
    try:
        key = bytes.fromhex(parts[1])
        broker = base64.urlsafe_b64decode(parts[2].encode()).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return (int(parts[0]), key, broker) if len(key) == 16 else None


def _tries(request: Request) -> Tries:
    state = request.app.state
    if getattr(state, "pairing_tries", None) is None:
        state.pairing_tries = Tries(WRONG_PER_MINUTE)
        state.pairing_limited = set()
    tries: Tries = state.pairing_tries
    return tries

