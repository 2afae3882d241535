"""The audit log and the list of events through the API."""

from __future__ import annotations

import httpx

from basestation.api.routes.history import describe
from tests.api.conftest import ok, place


async def test_audit_log_pages_back_newest_first(director: httpx.AsyncClient) -> None:
    for _ in (1, 2):
        await ok(await director.post("/api/sections/A/close-round"))
    await ok(await director.put(place(3, 3, 3), json={
        "contract": "3NT", "declarer": "N", "tricks": 9}))
    first = await ok(await director.get("/api/audit", params={"limit": 2}))
    assert [e["action"] for e in first["entries"]] == ["enter", "close_round"]
    assert first["more"] is True
    assert first["entries"][0]["text"] == (
        "Result entered: section A, table 3, round 3, board 3; 3NT by N, 9 tricks")
    older = await ok(await director.get(
        "/api/audit", params={"limit": 2, "before": first["entries"][-1]["id"]}))
    assert [e["action"] for e in older["entries"]] == ["close_round"]
    assert older["more"] is False
    assert older["entries"][0]["text"] == "Round closed: section A, round 1"


async def test_audit_needs_the_director_and_checks_its_query(
        client: httpx.AsyncClient, director: httpx.AsyncClient) -> None:
    await ok(await director.post("/api/logout"))
    assert (await client.get("/api/audit")).status_code == 401
    await ok(await client.post("/api/login", json={"password": "change-me"}))
    assert (await client.get("/api/audit", params={"limit": 0})).status_code == 422
    assert (await client.get("/api/audit", params={"before": "x"})).status_code == 422
    elsewhere = await ok(await client.get("/api/audit", params={"event": 999}))
    assert elsewhere["entries"] == [] and elsewhere["more"] is False


async def test_events_list_every_event_with_its_results(director: httpx.AsyncClient) -> None:
    await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10}))
    await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "A", "tables": 3, "boards": 6}]}), 201)
    events = await ok(await director.get("/api/events"))
    assert [(e["name"], e["results"], e["open"]) for e in events] == [
        ("Thursday", 0, True), ("Tuesday pairs", 1, False)]


def test_describe_reads_like_a_sentence() -> None:
    assert describe("lock", {"unit": 17}) == "Unit locked out: unit 17"
    assert describe("stop", {}) == "Session paused"
    assert describe("end", {}) == "Session ended"
    assert describe("something_new", {"a": 1}) == "Something new: a 1"
    assert describe("enter", {"section": "B", "kind": "not_played"}) == (
        "Result entered: section B; not played")
