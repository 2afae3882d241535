"""The audit log and the list of events through the API."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from basestation.api.audit_words import LABELS, describe, who
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
        "Result entered: section A, table 3, round 3, board 3; 3NT= by North")
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


# Each action as the station writes it (basestation/station/rules/*.py), with what it says.
WRITTEN: list[tuple[str, dict[str, Any], str]] = [
    ("enter", {"kind": "result", "contract": "4SX", "declarer": "S", "tricks": 11,
               "section": "A", "table": 3, "round": 2, "board": 5},
     "Result entered: section A, table 3, round 2, board 5; 4SX+1 by South"),
    ("enter", {"kind": "result", "contract": "PASS", "declarer": None, "tricks": None},
     "Result entered: passed out"),
    ("pair", {"unit": 7, "epoch": 3}, "Unit paired: unit 7"),
    ("command", {"unit": 7, "command": "resend"},
     "Command sent to unit: unit 7 told to send again every result it holds"),
    ("merge", {"offer": 12, "accepted": True}, "Pad's entry held for the director: accepted"),
    ("ruling", {"section": "A", "table": 1, "round": 1, "board": 2,
                "ruling": {"adjusted": "60/40"}},
     "Ruling: section A, table 1, round 1, board 2; adjusted score 60/40"),
    ("move_result", {"section": "A", "table": 1, "round": 1, "board": 2, "to_board": 3,
                     "ns": 1, "ew": 2},
     "Result moved: section A, table 1, round 1, board 2; to board 3, pairs 1 and 2"),
    ("replace", {"old": 21, "new": 22, "section": "A", "table": 1,
                 "authorised": "by the director's PIN"},
     "Unit replaced: section A, table 1; unit 21 by unit 22, authorised by the director's "
     "PIN"),
    ("seat", {"section": "A", "entrant": 3, "side": "NS", "players": [101, 102]},
     "Players seated: section A; NS pair 3, players 101, 102"),
    ("seat", {"section": "A", "entrant": 2, "side": "", "players": [101, 102, 103, 104]},
     "Players seated: section A; pair or team 2, players 101, 102, 103, 104"),
    ("thresholds", {"silent_minutes": 5, "rounds_behind": 2},
     "Alerts changed: raised for a unit silent for 5 minutes or a table 2 rounds behind"),
    ("round_minutes", {"section": "A", "minutes_per_board": 7.5, "minutes_per_round": 2,
                       "minutes": 17},
     "Round clock set: section A; 7.5 minutes a board and 2 a round, 17 minutes in all"),
    ("player_numbers", {"section": "A", "ask": "every"},
     "Player numbers asked: section A; every round"),
    ("result_entry", {"section": "A", "entry": "tricks"},
     "Result entry set: section A; as the tricks declarer took"),
    ("pads", {"section": "A", "pads": "ew"},
     "Pads' places set: section A; each moves with its East-West pair"),
    ("round_rankings", {"section": "A", "shown": True, "hide_first": 0, "hide_last": 2},
     "Rankings on the pads set: section A; after each round, not after the last 2"),
    ("round_rankings", {"section": "A", "shown": False, "hide_first": 0, "hide_last": 0},
     "Rankings on the pads set: section A; only once the results are published"),
    ("hand_records", {"section": "A", "boards": [1, 2, 3, 5]},
     "Hand records loaded: section A; boards 1-3, 5"),
    ("remove_penalty", {"id": 4}, "Penalty removed"),
    ("penalty", {"pair": 3, "section": "A", "percent": 10},
     "Penalty: section A; 10% to pair 3"),
    ("penalty", {"section": "A", "entrant": 3, "round": 2, "vps": 1.5},
     "Penalty: section A, round 2; 1.5 VPs to number 3"),
    ("open_event", {"name": "Tuesday pairs", "deals": 28, "players": 40},
     "Event opened: Tuesday pairs, 28 deals, 40 players on the club's list"),
    ("pair_moved", {"section": "A", "table": 2, "left": 9},
     "Table taken by a pad following its pair: section A, table 2; unit 9's pair had moved "
     "on"),
    ("competition event", {"competition": "Ladder", "added": True},
     "Event's competition changed: added to Ladder"),
]


@pytest.mark.parametrize(("action", "detail", "said"), WRITTEN)
def test_each_action_in_the_directors_words(action: str, detail: dict[str, Any],
                                            said: str) -> None:
    assert describe(action, detail) == said


def test_no_field_name_or_code_reaches_the_page() -> None:
    for action, detail, _ in WRITTEN:
        text = describe(action, detail)
        assert "_" not in text and "{" not in text and "epoch" not in text, text
        assert "True" not in text and "False" not in text and "offer" not in text, text
    assert not [label for label in LABELS.values() if "_" in label]
    assert who("recovery") == "director (a pad's entry accepted)"
    assert who("unit 7") == "unit 7" and who("director") == "director"
