"""What many tests make alike, defined once: a pad's result, a stored result row, the
director logged in to the HTTP API. A test says only what it changes (keywords), so each
reads as what it is about."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Mapping
from datetime import UTC, datetime
from typing import Any

import httpx

from basestation.api.app import create_app
from basestation.movements import Movement
from basestation.station.app import Station
from firmware_protocol.messages import Result, Seat

DEFAULT_PASSWORD = "change-me"  # the station config's default director password


def result(table: int = 1, round_: int = 1, board: int = 1, ns: int | None = None,
           ew: int | None = None, *, movement: Movement | None = None,
           **fields: Any) -> Result:
    """A pad's result for `board` at `table` in `round_`: 4S by South making 10 in section A
    unless `fields` say otherwise (`contract`, `declarer`, `tricks`, `lead`, `section`, or
    any field, even one a pad may not send). The pairs are `ns` and `ew`, else those
    `movement` seats there that round, else the table's number each."""
    if movement is not None and (ns is None or ew is None):
        seat = movement.at(round_, table)
        assert seat is not None and seat.ns is not None and seat.ew is not None
        ns, ew = seat.ns, seat.ew
    values: dict[str, Any] = {
        "section": "A", "table": table, "round": round_, "board": board,
        "ns": table if ns is None else ns, "ew": table if ew is None else ew,
        "contract": "4S", "declarer": Seat.S, "tricks": 10, "lead": None}
    return Result(**(values | fields))


def result_at(station: Station, table: int, round_: int, board: int,
              **fields: Any) -> Result:
    """`result` with the pairs the station's movement of section A seats there."""
    return result(table, round_, board, movement=station.session.sections["A"].movement,
                  **fields)


def result_row(board: int = 1, **fields: Any) -> dict[str, Any]:
    """A result row as the station stores it (`repo.insert_result`): 4S by South making 10,
    +420, from unit 17's pad at table A3 in round 1 of event 1, unless `fields` say otherwise."""
    return {"event_id": 1, "section": "A", "table_no": 3, "round": 1, "board": board,
            "ns": 3, "ew": 10, "kind": "result", "contract": "4S", "declarer": "S",
            "tricks": 10, "lead": None, "ruling": None, "score_ns": 420, "flags": "",
            "status": "active", "source": "pad", "unit": 17, "seq": 2**40 + board,
            "created_at": datetime.now(UTC), **fields}


async def log_in(client: httpx.AsyncClient, password: str = DEFAULT_PASSWORD) -> None:
    """`client` logged in as the director (it keeps the session cookie)."""
    answer = await client.post("/api/login", json={"password": password})
    assert answer.status_code == 200, answer.text


@contextlib.asynccontextmanager
async def director(at: Station | str | Any, *, password: str | None = None,
                   timeout: float = 30) -> AsyncIterator[httpx.AsyncClient]:
    """The director's HTTP API, logged in and saying its Origin as the station's own pages do:
    on `at`, a station served in this process (no server: the app on an ASGI transport), a
    URL, or a club with its `station` served at its `url`. The password is the station's
    own, else `password`, else the default."""
    station = at if isinstance(at, Station) else getattr(at, "station", None)
    if password is None:
        password = station.config.director_password if station is not None else \
            DEFAULT_PASSWORD
    if isinstance(at, Station):
        transport: httpx.AsyncBaseTransport | None = httpx.ASGITransport(
            app=create_app(at, manage_station=False))
        url = "http://club"
    else:
        transport, url = None, at if isinstance(at, str) else at.url
    async with httpx.AsyncClient(transport=transport, base_url=url, headers={"Origin": url},
                                 timeout=timeout) as client:
        await log_in(client, password)
        yield client


# A refusal's values that are names, addresses or words from outside the station (a person's,
# an event's, a folder's, the system's own reason): never put into another language.
NAMED_VALUES = frozenset({"event", "new", "name", "other", "origin", "folder", "path", "station",
                          "why", "problems", "date", "since", "until"})


def _english(value: object) -> bool:
    """An English sentence or phrase: three words or more, not a list of names or codes
    ("mitchell, howell") and not a quoted input ("'x'", "['1']"); or numbers joined by an
    English word ("4 to 6")."""
    if not isinstance(value, str) or value.startswith(("'", '"', "[", "(")):
        return False
    if re.fullmatch(r"\d+ (to|or|and) \d+", value):
        return True
    if re.fullmatch(r"[\w+-]+(, [\w+-]+)*", value):
        return False
    words = re.findall(r"[A-Za-z]{2,}", value)
    return len(words) >= 3 and bool(GLUE & {w.lower() for w in words})


# Words an English sentence can hardly do without (and a name or a code seldom has).
GLUE = frozenset({"the", "is", "are", "not", "of", "to", "must", "be", "and", "or", "in",
                  "no", "has", "an", "by", "at", "for", "with", "cannot", "needs"})


def english_values(values: Mapping[str, Any]) -> list[str]:
    """A refusal's JSON values (at any depth of phrases) that are English sentences: none
    should be, so that a page can say the whole refusal from the messages table."""
    found = []
    for name, value in values.items():
        if isinstance(value, Mapping):
            assert set(value) == {"key", "values"}, (name, value)
            found += english_values(value["values"])
        elif name not in NAMED_VALUES and _english(value):
            found.append(f"{name}={value!r}")
    return found
