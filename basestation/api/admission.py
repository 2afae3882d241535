"""Which requests a connection may carry once the web server is full: live streams within
their own bounds, and the connections kept in reserve for the director and the pads' page.

The web server (api/serving.py) counts connections; only it knows which one a request came
on. It gives each request a `Ticket` in its scope (ASGI extensions): the server's `Streams`
and whether the connection was let in on the reserve. `Admitted`, a middleware of the app,
reads it once the request's headers are in, before a route runs. An app served otherwise
(the tests' in-process client) has no ticket and no bounds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from basestation.api.deps import director_token

TICKET = "basestation.admission"
STREAM = "/api/stream"
TOO_MANY = "The station has too many connections open: try again in a few seconds."


class Streams:
    """The live streams open now, by address: the director's are not counted (logged in,
    the grid's own), anyone else's are held to `per_client` an address and `most` in all."""

    def __init__(self, most: int, per_client: int) -> None:
        self.most = most
        self.per_client = per_client
        self.open: Counter[str] = Counter()

    def refusal(self, address: str) -> str | None:
        """Why one more stream from `address` is refused, or None."""
        if self.open[address] >= self.per_client:
            return (f"This computer has {self.open[address]} live pages of the station open "
                    "already: close some and try again.")
        if self.open.total() >= self.most:
            return ("The station has too many live pages open: try again in a few minutes, "
                    "or ask the director.")
        return None


@dataclass(frozen=True)
class Ticket:
    streams: Streams
    on_reserve: bool  # let in over the cap: only for the director and the pads' page


def reserved(scope: Scope) -> bool:
    """What the reserve is kept for without a login: the director's login (the grid's page
    and its form), and a pad's page, its scripts and its pairing."""
    path, method = scope["path"], scope["method"]
    return (path in ("/", "/pad", "/favicon.ico") or path.startswith("/static/")
            or (method == "POST" and path in ("/api/login", "/api/pairing")))


class Admitted:
    """ASGI middleware: a request on a reserve connection that is neither the director's
    nor the pads' page is answered 503 with a sentence and its connection closed; one stream
    too many, 503 with a sentence (the connection left idle)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        ticket = scope.get("extensions", {}).get(TICKET) if scope["type"] == "http" else None
        if not isinstance(ticket, Ticket):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        director = director_token(request, request.app.state.auth) is not None
        if ticket.on_reserve and not (director or reserved(scope)):
            await _refuse(TOO_MANY, scope, receive, send, close=True)  # the slot freed
            return
        if scope["path"] != STREAM or director:
            await self.app(scope, receive, send)
            return
        address = scope["client"][0] if scope.get("client") else ""
        if why := ticket.streams.refusal(address):
            # Kept open (idle, closed in 5 s or to make room): a stranger asking again at
            # once would cost a connection's set-up each time.
            await _refuse(why, scope, receive, send, close=False)
            return
        ticket.streams.open[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            ticket.streams.open[address] -= 1
            if not ticket.streams.open[address]:
                del ticket.streams.open[address]


async def _refuse(why: str, scope: Scope, receive: Receive, send: Send, *,
                  close: bool) -> None:
    headers = {"Retry-After": "5"} | ({"Connection": "close"} if close else {})
    response = JSONResponse({"detail": why}, 503, headers=headers)
    await response(scope, receive, send)
