"""Every operation that changes data refuses without the director's login, and from
another origin than the station's own pages."""

from __future__ import annotations

import re

import httpx

from basestation.station.app import Station
from tests.api.conftest import PASSWORD

CHANGES = {"post", "put", "patch", "delete"}
# Logging in cannot need a login; logging out is harmless; a pad exchanging its one-time
# pairing code has no login, the code is its proof (SPEC.md 10.5).
OPEN = {"/api/login", "/api/logout", "/api/pairing"}


def _fill(path: str) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: "A" if m.group(1) == "section" else "1", path)


async def test_every_change_refuses_without_login(client: httpx.AsyncClient) -> None:
    document = (await client.get("/openapi.json")).json()
    operations = [(method, path) for path, item in document["paths"].items()
                  for method in item if method in CHANGES and path not in OPEN]
    assert len(operations) >= 15  # the whole API, not an empty document
    for method, path in operations:
        for headers in ({}, {"Authorization": "Bearer not-a-token"}):
            answer = await client.request(method, _fill(path), json={}, headers=headers)
            assert answer.status_code == 401, (method, path, answer.text)
    # And the same calls get past the login once logged in (whatever they then say).
    assert (await client.post("/api/login", json={"password": PASSWORD})).status_code == 200
    for method, path in operations:
        answer = await client.request(method, _fill(path), json={})
        assert answer.status_code != 401, (method, path)


async def test_documented_security(client: httpx.AsyncClient) -> None:
    document = (await client.get("/openapi.json")).json()
    assert document["info"]["title"] == "basestation"
    assert "/api/grid" in document["paths"] and "/api/stream" in document["paths"]


async def test_login_attempts_are_limited(client: httpx.AsyncClient) -> None:
    codes = [(await client.post("/api/login", json={"password": "guess"})).status_code
             for _ in range(6)]
    assert codes[:5] == [401] * 5 and codes[5] == 429
    # Even the right password waits out the minute.
    assert (await client.post("/api/login", json={"password": PASSWORD})).status_code == 429


async def test_every_change_from_another_origin_is_refused(client: httpx.AsyncClient,
                                                           station: Station) -> None:
    document = (await client.get("/openapi.json")).json()
    operations = [(method, path) for path, item in document["paths"].items()
                  for method in item if method in CHANGES]
    assert (await client.post("/api/login", json={"password": PASSWORD})).status_code == 200
    before = station.store.snapshot()
    for origin in ("http://club:8080", "https://club", "http://evil.example", "null"):
        for method, path in operations:
            answer = await client.request(method, _fill(path), json={},
                                          headers={"Origin": origin})
            assert answer.status_code == 403, (origin, method, path, answer.text)
    assert station.store.snapshot() == before  # nothing changed
    assert (await client.get("/api/whoami")).json() == {"director": True}  # not even logout
