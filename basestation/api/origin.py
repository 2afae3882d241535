"""A change (POST, PUT, PATCH, DELETE) must come from the station's own pages.

The director's login cookie is sent by the browser to every port of the station's host
(SameSite ignores ports), so a page served on another port could otherwise act as the
logged-in director. Browsers say where a request comes from (Origin) on every change; it must
be the station itself, host and port. A request without Origin is not a browser's: it may
pass with a bearer token, or with no login at all (a login, say), never with the cookie alone.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from basestation.api.deps import COOKIE
from basestation.api.errors import refusal as answer
from basestation.station.refusals import Forbidden

CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": "80", "https": "443"}


def own_origin(scope: Scope, headers: Headers) -> str:
    """The station's origin as this request reached it: scheme, host and port."""
    scheme = str(scope.get("scheme", "http"))
    host = headers.get("host", "").lower()
    return _with_port(scheme, host)


def _with_port(scheme: str, host: str) -> str:
    if host and not host.endswith("]") and ":" in host.rsplit("]", 1)[-1]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{DEFAULT_PORTS.get(scheme, '80')}"


def _normal(origin: str) -> str:
    scheme, _, host = origin.lower().partition("://")
    return _with_port(scheme, host.rstrip("/"))


def refusal(scope: Scope) -> Forbidden | None:
    """Why a change is refused for where it comes from, or None."""
    if scope["type"] != "http" or scope["method"] not in CHANGES:
        return None
    headers = Headers(scope=scope)
    origin = headers.get("origin")
    if origin is None:
        bearer = headers.get("authorization", "").lower().startswith("bearer ")
        cookie = COOKIE in cookie_parser(headers.get("cookie", ""))
        if cookie and not bearer:
            return Forbidden("origin.cookie_alone")
        return None
    if origin == "null" or _normal(origin) != own_origin(scope, headers):
        return Forbidden("origin.other", origin=origin)
    return None


class SameOrigin:
    """ASGI middleware: refuses (403, Forbidden) a change from another origin, unread."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        why = refusal(scope)
        if why is None:
            await self.app(scope, receive, send)
            return
        response = answer(why)
        response.headers["Connection"] = "close"
        await response(scope, receive, send)
