"""How big a request's body may be and how long it may take to arrive, checked before any
route reads it: the Content-Length up front, and a body sent in chunks counted as it arrives.

Every request may carry a small body. The director's uploads (hand records, the player list,
the event set-up) may be larger, but only once the login is checked: a stranger's body is
refused at the small size whatever route it is sent to, before the route is even chosen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from fastapi import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from basestation.api.deps import director_token

F = TypeVar("F", bound=Callable[..., Any])
UPLOADS: set[Callable[..., Any]] = set()  # the routes marked by `upload`
CLOSE = {"Connection": "close"}  # the rest of a refused body is never read


def upload(endpoint: F) -> F:
    """Marks a route as one of the director's uploads: its body may be `upload_bytes`."""
    UPLOADS.add(endpoint)
    return endpoint


@dataclass(frozen=True)
class Limits:
    body_bytes: int = 64 * 1024  # any request: a login, a ruling, a seat, a setting
    upload_bytes: int = 6 * 1024 * 1024  # a 2 MB PBN or CSV file, as JSON, with the set-up
    body_seconds: float = 30.0  # from the request's headers to the end of its body


class BodyRefused(HTTPException):
    """Raised while the body is read, so the route answers with it (FastAPI passes an
    HTTPException through where it would turn any other error into a 400)."""

    def __init__(self, status: int, sentence: str) -> None:
        super().__init__(status, sentence, headers=CLOSE)


class BodyLimits:
    """ASGI middleware: a body over its limit is a 413, a body slower than `body_seconds` a
    408; the connection is then closed, the rest never read.

    The Content-Length is checked first, against the small limit unless the director is
    logged in; then, when the route asks for the body (its route known, before a byte is
    read), against the route's own limit, and each chunk is counted as it comes in."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        director = director_token(request, request.app.state.auth) is not None
        length = request.headers.get("content-length", "")
        announced = int(length) if length.isdigit() else 0
        most = self.limits.upload_bytes if director else self.limits.body_bytes
        if announced > most:
            await _answer(self._too_large(most), scope, receive, send)
            return
        seconds = self.limits.body_seconds
        deadline = asyncio.get_running_loop().time() + seconds
        received = 0
        started = complete = False

        async def counted() -> Message:
            nonlocal received, complete
            if complete:  # the body is in: a long answer (the live stream) waits for the end
                return await receive()
            # Routed by now: the route's own limit.
            limit = self.limits.upload_bytes if director and _is_upload(scope) \
                else self.limits.body_bytes
            if max(announced, received) > limit:
                raise self._too_large(limit)
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyRefused(408, f"The request took longer than {seconds:g} s to "
                                       "arrive: send it again.") from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise self._too_large(limit)
                complete = not message.get("more_body", False)
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyRefused as exc:  # raised where no route answers for it
            if not started:
                await _answer(exc, scope, receive, send)

    def _too_large(self, limit: int) -> BodyRefused:
        if limit >= self.limits.upload_bytes:
            return BodyRefused(413, f"The file is too large: the station takes files of up "
                                    f"to {_size(limit)}.")
        return BodyRefused(413, f"The request is too large: the station takes at most "
                                f"{_size(limit)} here (the director's uploads, once logged "
                                f"in, up to {_size(self.limits.upload_bytes)}).")


async def _answer(refused: BodyRefused, scope: Scope, receive: Receive, send: Send) -> None:
    response = JSONResponse({"detail": refused.detail}, refused.status_code,
                            headers=refused.headers)
    await response(scope, receive, send)


def _is_upload(scope: Scope) -> bool:
    """Whether the route the request was routed to is one of the director's uploads."""
    route = scope.get("route")
    return getattr(route, "endpoint", scope.get("endpoint")) in UPLOADS


def _size(count: int) -> str:
    mb = 1024 * 1024
    return f"{count // mb} MB" if count >= mb and count % mb == 0 else f"{count // 1024} KB"
