"""The web server: uvicorn, with limits on slow and idle clients so that many of them cannot
use up the station's file handles.

- An idle connection is closed after `keep_alive_seconds` (uvicorn's keep-alive timeout).
- A request's headers must arrive within `headers_seconds` of the connection opening or the
  last answer; a client that sends them a byte at a time is cut off (uvicorn has no such
  timeout: each byte would restart its keep-alive timer). The body then has
  `Limits.body_seconds` (api/limits.py).
- At most `per_client` connections from one address: one more is answered 503 with a sentence
  and closed at once, so its file handle is freed.
- At most `connections` at once: one more closes, to make room, the connection that has waited
  longest for a request from the address holding the most connections (a stranger's slow or
  idle ones, not a pad's or the director's at work), so a stranger holding connections from
  many addresses cannot keep anyone out; only when every connection is busy answering is the
  new one answered 503 and closed. A request whose body is still arriving counts as waiting.
- `reserve` connections more are let in when all are busy, for the director and the pads'
  page only (api/admission.py answers anything else on them 503), so that no number of busy
  requests keeps them out.
- Live streams, held open as long as a page is, have bounds of their own well under the
  cap: `streams_per_client` an address and `streams` in all (the director's aside).
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

import h11
import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.h11_impl import H11Protocol

from basestation.api.admission import TICKET, TOO_MANY, Streams, Ticket
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
    # Over `connections` when every one is busy: the director's login and the pads' page.
    reserve: int = 40
    # A director's page holds one stream a tab; a public results screen one. Strangers' are
    # held well under `connections`, so that what is left is never all busy for long.
    streams: int = 100
    streams_per_client: int = 6


BACKLOG = 2048  # uvicorn's: connections the kernel queues, and the most accepted in one turn

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
    # A proxy in front brings everyone's connections: it is not held to `per_client`.
    proxies: ClassVar[frozenset[str]] = frozenset()
    streams: ClassVar[Streams] = Streams(ServerLimits().streams, ServerLimits().streams_per_client)
    _on_reserve = False  # let in over `connections`: the director's and the pads' page only
    _deadline: asyncio.TimerHandle | None = None
    _waiting_since = 0.0  # on the loop's clock: opened, or its last answer sent

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if why := self._over_limit():
            self.transport.write(_raw_answer(503, "Service Unavailable", why))
            self.transport.close()
            return
        self._arm()

    def _over_limit(self) -> str | None:
        address = self._address()
        same = sum(1 for other in self.connections
                   if isinstance(other, H11Protocol) and other.client
                   and other.client[0] == address)
        if address is not None and same > self.limits.per_client \
                and address not in self.proxies:
            return (f"This computer has {same - 1} connections to the station open already: "
                    "close some pages and try again.")
        if len(self.connections) > self.limits.connections and not self._make_room():
            if len(self.connections) > self.limits.connections + self.limits.reserve:
                return TOO_MANY
            self._on_reserve = True
        return None

    def _address(self) -> str | None:
        return self.client[0] if self.client else None

    def _waiting(self) -> bool:
        """Open, and waiting for a request: none begun, its headers still coming, or its
        body still arriving and nothing answered yet."""
        if self.transport.is_closing():
            return False
        if self.conn.their_state is h11.SEND_BODY:
            return self.cycle is not None and not self.cycle.response_started
        return self.conn.their_state is h11.IDLE and (self.cycle is None
                                                     or self.cycle.response_complete)

    def _make_room(self) -> bool:
        """Closes the connection waiting longest for a request from the address holding the
        most connections; False when every other one is busy answering."""
        waiting = [other for other in self.connections
                   if isinstance(other, GuardedHTTP) and other is not self and other._waiting()]
        if not waiting:
            return False
        held: Counter[str | None] = Counter(other.client[0] for other in self.connections
                       if isinstance(other, H11Protocol) and other.client)
        chosen = max(waiting, key=lambda other: (held[other._address()],
                                                 -other._waiting_since))
        chosen._disarm()
        if chosen.conn.trailing_data[0] or chosen.conn.their_state is h11.SEND_BODY:
            # A request begun: told why, as a newcomer would be.
            chosen.transport.write(_raw_answer(503, "Service Unavailable", TOO_MANY))
        chosen.transport.close()
        return True

    def _arm(self) -> None:
        self._disarm()
        self._waiting_since = self.loop.time()
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
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's headers are in, its route not yet run
            extensions: dict[str, Any] = self.scope.setdefault("extensions", {})
            extensions[TICKET] = Ticket(self.streams, self._on_reserve)
        if self.conn.their_state is not h11.IDLE:  # the headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm()  # for the next request on this connection (disarmed if it is in)
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def server(app: FastAPI, host: str, port: int, *, limits: ServerLimits | None = None,
           proxies: tuple[str, ...] = (), **options: Any) -> uvicorn.Server:
    """The uvicorn server for the station's app on host:port, with `limits`; `proxies`: the
    addresses whose X-Forwarded-For and X-Forwarded-Proto are believed (none: nobody's).
    `options` go to uvicorn.Config (log_level, lifespan, ssl_certfile, ...)."""
    chosen = limits or ServerLimits()
    streams = Streams(chosen.streams, chosen.streams_per_client)
    protocol = type("StationHTTP", (GuardedHTTP,), {"limits": chosen, "streams": streams,
                                                    "proxies": frozenset(proxies)})
    options.setdefault("log_level", "warning")
    config = uvicorn.Config(
        app, host=host, port=port, http=protocol,
        timeout_keep_alive=chosen.keep_alive_seconds,
        # uvicorn's own cap counts connections and running requests alike, closing ones
        # too: those closed to make room stay counted until connection_lost, and one turn
        # of the loop accepts up to a backlog of newcomers. Above ours by a backlog, its
        # plain 503 never comes before our sentence (a connection runs one request at a
        # time); 64 above was seen to answer the director's page 503 under a stranger.
        limit_concurrency=chosen.connections + BACKLOG, backlog=BACKLOG,
        h11_max_incomplete_event_size=16 * 1024,  # a request's headers: more is a 400
        # uvicorn believes 127.0.0.1's forwarded headers unless told: only a proxy's.
        proxy_headers=bool(proxies), forwarded_allow_ips=list(proxies) or None,
        **options)
    return uvicorn.Server(config)
