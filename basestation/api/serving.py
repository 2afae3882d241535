"""The web server: uvicorn, with limits on slow and idle clients so that many of them cannot
use up the station's file handles.

- An idle connection is closed after `keep_alive_seconds` (uvicorn's keep-alive timeout).
- A request's headers must arrive within `headers_seconds` of the connection opening or the
  last answer; a client that sends them a byte at a time is cut off (uvicorn has no such
  timeout: each byte would restart its keep-alive timer). The body then has
  `Limits.body_seconds` (api/limits.py).
- At most `connections` connections at once, `per_client` from one address: one more is
  answered 503 with a sentence and closed at once, so its file handle is freed.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, ClassVar

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from basestation.api.headers import SECURITY


@dataclass(frozen=True)
class ServerLimits:
    keep_alive_seconds: int = 5
    headers_seconds: float = 10.0
    # Well under the 1024 file handles a service gets by default (systemd), leaving the
    # rest to the database, the broker and the radio links.
    connections: int = 400
    # A director's browser opens about 6 connections a tab and keeps one for the live grid.
    per_client: int = 40


def _raw_answer(status: int, reason: str, sentence: str) -> bytes:
    body = json.dumps({"detail": sentence}).encode()
    headers = {"Content-Type": "application/json", "Content-Length": str(len(body)),
               "Connection": "close", **SECURITY}
    head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return f"HTTP/1.1 {status} {reason}\r\n{head}\r\n".encode("latin-1") + body


class GuardedHTTP(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for the request's headers and a cap on
    connections; `limits` is set on the subclass `server` makes."""

    limits: ClassVar[ServerLimits] = ServerLimits()
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if why := self._over_limit():
            self.transport.write(_raw_answer(503, "Service Unavailable", why))
            self.transport.close()
            return
        self._arm()

    def _over_limit(self) -> str | None:
        if len(self.connections) > self.limits.connections:
            return ("The station has too many connections open: try again in a few "
                    "seconds.")
        address = self.client[0] if self.client else None
        same = sum(1 for other in self.connections
                   if isinstance(other, H11Protocol) and other.client
                   and other.client[0] == address)
        if address is not None and same > self.limits.per_client:
            return (f"This computer has {same - 1} connections to the station open already: "
                    "close some pages and try again.")
        return None

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.limits.headers_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if self.conn.trailing_data[0]:  # a request begun and not finished
            self.transport.write(_raw_answer(
                408, "Request Timeout", f"The request took longer than "
                f"{self.limits.headers_seconds:g} s to arrive: send it again."))
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        # uvicorn's own answer to a request it cannot parse (headers over 16 KB, say), with
        # the security headers every answer carries.
        self.transport.write(_raw_answer(400, "Bad Request", "The request was not "
                                         "understood (malformed, or its headers too large)."))
        self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # the headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm()  # for the next request on this connection (disarmed if it is in)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def server(app: FastAPI, host: str, port: int, *, limits: ServerLimits | None = None,
           **options: Any) -> uvicorn.Server:
    """The uvicorn server for the station's app on host:port, with `limits`; `options` go
    to uvicorn.Config (log_level, lifespan, ...)."""
    chosen = limits or ServerLimits()
    protocol = type("StationHTTP", (GuardedHTTP,), {"limits": chosen})
    options.setdefault("log_level", "warning")
    config = uvicorn.Config(
        app, host=host, port=port, http=protocol,
        timeout_keep_alive=chosen.keep_alive_seconds,
        # uvicorn's own cap counts connections and running requests alike: one above ours,
        # so it only ever stops running requests piling up.
        limit_concurrency=chosen.connections + 1,
        h11_max_incomplete_event_size=16 * 1024,  # a request's headers: more is a 400
        **options)
    return uvicorn.Server(config)
