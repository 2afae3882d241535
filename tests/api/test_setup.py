"""The set-up page's routes: a new event from the browser, refused in plain words when it
cannot be, and then with nothing changed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from basestation.station.app import Station
from basestation.station.config import EventConfig, NewEvent, SectionConfig, StationConfig
from basestation.station.effects.batch import Batch
from firmware_protocol.messages import Body, Control, ControlCommand
from tests.api.conftest import ok, place
from tests.formats.test_handrecords_players import PBN

SECTION = {"letter": "A", "movement": "howell", "tables": 3, "boards": 10}
EVENT = {"name": "Friday pairs", "date": "2026-11-27", "regulations": "ebu",
         "sections": [SECTION, {"letter": "B", "movement": "mitchell", "tables": 4,
                                "boards": 8}]}


async def test_setup_is_the_directors(client: httpx.AsyncClient) -> None:
    for method, path, body in (("GET", "/api/setup/movement", None),
                               ("POST", "/api/setup/event", EVENT),
                               ("POST", "/api/setup/players", {"csv": "1,Ann"})):
        answer = await client.request(method, path, json=body)
        assert answer.status_code == 401, path


async def test_a_movement_is_previewed_with_its_balance(director: httpx.AsyncClient) -> None:
    shown = await ok(await director.get("/api/setup/movement", params=SECTION))
    assert (shown["kind"], shown["tables"], shown["boards"], shown["rounds"]) == (
        "howell", 3, 10, 5)
    assert shown["balanced"] is True and "Balanced" in shown["report"]
    first = shown["movement"]["assignments"][0]
    assert {"round", "table", "ns", "ew", "boards"} <= set(first)


async def test_an_impossible_movement_is_refused_in_plain_words(
        director: httpx.AsyncClient) -> None:
    answer = await director.get("/api/setup/movement", params={
        "letter": "A", "movement": "howell", "tables": 7, "boards": 28})
    assert answer.status_code == 422
    assert answer.json()["detail"] == ("a 7-table Howell plays 13 rounds, so the boards must "
                                       "be a multiple of 13 (the seed's card plays 26), not 28")
    unknown = await director.get("/api/setup/movement", params={**SECTION, "movement": "swiss"})
    assert unknown.status_code == 422 and "movement must be one of" in unknown.json()["detail"]


async def test_guide_cards_print_a_card_per_table(director: httpx.AsyncClient) -> None:
    answer = await director.get("/api/setup/cards", params={**SECTION, "title": "Friday"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert "Friday: section A" in answer.text
    assert answer.text.count('class="card"') == 3


async def test_uploads_are_read_before_anything_is_stored(director: httpx.AsyncClient) -> None:
    assert (await ok(await director.post("/api/setup/hand-records", json={"pbn": PBN}))) == {
        "boards": [1, 2]}
    bad = await director.post("/api/setup/hand-records", json={"pbn": "[Board \"1\"]\n"
                                                                      "[Deal \"N:AKQ\"]\n"})
    assert bad.status_code == 422
    assert bad.json()["detail"].startswith("board 1 of the hand records: a deal must hold 52")
    unreadable = await director.post("/api/setup/hand-records", json={"pbn": "[Board \"x"})
    assert unreadable.status_code == 422, unreadable.text
    roster = await ok(await director.post("/api/setup/players", json={
        "csv": "number,name\n12,Ann Smith\n7,Bob Brown\n"}))
    assert roster == [{"number": 7, "name": "Bob Brown"}, {"number": 12, "name": "Ann Smith"}]
    wrong = await director.post("/api/setup/players", json={"csv": "12,Ann\nBob,7\n"})
    assert wrong.status_code == 422
    assert wrong.json()["detail"].startswith("line 2: expected number,name")


async def test_opening_mid_event_asks_first_then_closes_the_old_one(
        director: httpx.AsyncClient, station: Station) -> None:
    await ok(await director.put(place(1, 1, 1), json={
        "contract": "4S", "declarer": "S", "tricks": 10}))
    old = station.session.event_id
    asked = await director.post("/api/setup/event", json=EVENT)
    assert asked.status_code == 409
    assert asked.json()["detail"] == ("Tuesday pairs is still in play: confirm to close it and "
                                      "open Friday pairs")
    assert station.session.event_id == old and len(await ok(await director.get("/api/events"))) == 1
    body = {**EVENT, "close_open": True, "hand_records": PBN,
            "players": [{"number": 12, "name": "Ann Smith"}, {"number": 901, "name": "Visitor"}]}
    opened = await ok(await director.post("/api/setup/event", json=body), 201)
    assert (opened["name"], opened["date"], opened["regulations"]) == (
        "Friday pairs", "2026-11-27", "ebu")
    assert [s["letter"] for s in opened["sections"]] == ["A", "B"]
    events = await ok(await director.get("/api/events"))
    assert [(e["name"], e["date"], e["running"], e["open"], e["results"]) for e in events] == [
        ("Friday pairs", "2026-11-27", True, True, 0),
        ("Tuesday pairs", events[1]["date"], False, False, 1)]
    deals = await ok(await director.get("/api/sections/B/hand-records"))
    assert sorted(deals["deals"]) == ["1", "2"]
    players = await ok(await director.get("/api/players"))
    assert {"number": 901, "name": "Visitor"} in players
    # The old event is published; nothing of it is in the new one.
    assert await ok(await director.get("/api/sections/A/results")) == []


async def test_a_refused_event_changes_nothing(director: httpx.AsyncClient,
                                               station: Station) -> None:
    old = station.session.event_id
    refusals = {
        "a 7-table Howell plays 13 rounds": {"sections": [
            SECTION, {"letter": "B", "movement": "howell", "tables": 7, "boards": 28}]},
        "board 1 of the hand records": {"hand_records": "[Deal \"N:AKQ\"]"},
        "player 5 is in the list twice": {"players": [{"number": 5, "name": "A"},
                                                      {"number": 5, "name": "B"}]},
        "each section needs its own letter": {"sections": [SECTION, SECTION]},
        "regulations must be one of": {"regulations": "wbf"},
    }
    for words, change in refusals.items():
        answer = await director.post("/api/setup/event", json={**EVENT, "close_open": True,
                                                               **change})
        assert answer.status_code == 422, words
        assert words in answer.json()["detail"], answer.json()
    assert station.session.event_id == old and station.session.running
    assert [e["name"] for e in await ok(await director.get("/api/events"))] == [
        "Tuesday pairs"]
    assert await ok(await director.get("/api/players")) == []


async def test_pads_of_the_closed_event_are_told_to_log_in_again(
        station: Station, monkeypatch: pytest.MonkeyPatch) -> None:
    station.session.sections["A"].holders[2] = 77
    new = NewEvent("Friday", "nz", (SectionConfig("A", "mitchell", 3, 6),))
    sends: list[tuple[int, Body]] = []  # what the hub's turns queued to send
    act = station.hub.act

    async def watched(run: Callable[[Batch], Any], **kwargs: Any) -> Any:
        return await act(lambda batch: (run(batch), sends.extend(batch.sends))[0], **kwargs)

    monkeypatch.setattr(station.hub, "act", watched)
    await station.director.open_new_event(new)
    assert sends == [(77, Control(command=ControlCommand.RELOGIN))]
    assert station.session.event_name == "Friday" and station.session.sections["A"].holders == {}


async def test_a_restart_keeps_the_event_set_up_in_the_browser(tmp_path: Path) -> None:
    """The config file's event opens at start-up; one set up from the browser since is not
    closed by a restart (the config file is the station's, not the night's)."""
    event = EventConfig(name="Tuesday pairs", sections=(SectionConfig("A", "mitchell", 3, 6),))
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}", event=event)
    station = Station(config)
    await station.start()
    try:
        assert station.session.event_name == "Tuesday pairs"
        new = NewEvent("Friday", "nz", (SectionConfig("A", "howell", 3, 10),))
        await station.director.open_new_event(new)
    finally:
        await station.stop()
    again = Station(config)
    await again.start()
    try:
        assert again.rules.session.event_name == "Friday"
        assert again.rules.session.sections["A"].movement.kind == "howell"
    finally:
        await again.stop()


async def test_a_teams_or_swiss_section_previews_its_first_round(
        director: httpx.AsyncClient) -> None:
    teams = await ok(await director.get("/api/setup/movement", params={
        "letter": "A", "tables": 4, "boards": 6, "format": "teams"}))
    # club-directors-manual.txt, "Round Robin": 4 teams play 3 rounds; each match at two
    # tables, team A's home table first.
    assert (teams["kind"], teams["rounds"]) == ("teams", 3)
    assert [(m["a"], m["b"], m["tables"]) for m in teams["matches"]] == [
        (1, 4, [1, 2]), (2, 3, [3, 4])]
    swiss = await ok(await director.get("/api/setup/movement", params={
        "letter": "A", "tables": 4, "boards": 2, "format": "swiss-teams", "rounds": 3}))
    # club-directors-manual.txt, "Seeding and Draw for Swiss": round 1 is 1 v 3 and 2 v 4.
    assert [(m["a"], m["b"]) for m in swiss["matches"]] == [(1, 3), (2, 4)]
    assert swiss["troika"] == []
    odd = await ok(await director.get("/api/setup/movement", params={
        "letter": "A", "tables": 5, "boards": 4, "format": "swiss-teams", "rounds": 4}))
    assert [(m["a"], m["b"]) for m in odd["matches"]] == [(1, 2)] and odd["troika"] == [3, 4, 5]
    pairs = await ok(await director.get("/api/setup/movement", params={
        "letter": "A", "tables": 6, "boards": 4, "format": "swiss-pairs", "rounds": 3}))
    assert [m["tables"] for m in pairs["matches"]] == [[1], [2], [3]]
    plain = await ok(await director.get("/api/setup/movement", params=SECTION))
    assert plain["matches"] == [] and plain["troika"] == []


async def test_a_match_format_that_cannot_be_is_refused_in_plain_words(
        director: httpx.AsyncClient, station: Station) -> None:
    old = station.session.event_id
    refusals = {
        ("swiss-pairs", 5, 3): "a swiss-pairs event needs an even number of pairs, not 5",
        ("swiss-teams", 5, 3): "with a Troika the number of rounds must be even, not 3",
        ("swiss-teams", 6, 0): "a Swiss event needs its number of rounds (at least 1)",
        ("teams", 15, 0): "an American Whist is for an odd number of teams from 5 to 13, not 15",
        ("knockout", 4, 0): "unknown event format 'knockout'",
    }
    for (event_format, entrants, rounds), words in refusals.items():
        section = {"letter": "A", "tables": entrants, "boards": 4}
        shown = await director.get("/api/setup/movement", params={
            **section, "format": event_format, "rounds": rounds})
        assert shown.status_code == 422 and words in shown.json()["detail"], shown.text
        opened = await director.post("/api/setup/event", json={
            "name": "Swiss", "format": event_format, "rounds": rounds, "sections": [section],
            "close_open": True})
        assert opened.status_code == 422, opened.text
    assert station.session.event_id == old and station.session.event_format == "pairs"


async def test_a_swiss_event_is_opened_from_the_setup_route(director: httpx.AsyncClient,
                                                            station: Station) -> None:
    opened = await ok(await director.post("/api/setup/event", json={
        "name": "Swiss teams", "format": "swiss-teams", "rounds": 4, "close_open": True,
        "sections": [{"letter": "A", "tables": 6, "boards": 3}]}), 201)
    assert (opened["format"], opened["rounds"]) == ("swiss-teams", 4)
    assert (station.session.event_format, station.session.format_rounds) == ("swiss-teams", 4)
    cards = await director.get("/api/setup/cards", params={
        "letter": "A", "tables": 6, "boards": 3, "format": "swiss-teams", "rounds": 4})
    assert cards.status_code == 200 and cards.text.count('class="card"') == 6


async def test_roster_national_numbers_are_read_kept_and_not_wiped_by_a_later_event(
        director: httpx.AsyncClient, station: Station) -> None:
    roster = await ok(await director.post("/api/setup/players", json={
        "csv": "number,name,national,phone\n12,Ann Smith,NZB 4411,555\n7,Bob Brown,,\n"}))
    assert roster == [{"number": 7, "name": "Bob Brown"},
                      {"number": 12, "name": "Ann Smith", "national": "NZB 4411"}]
    long = await director.post("/api/setup/players", json={"csv": f"1,Ann,{'9' * 41}\n"})
    assert long.status_code == 422
    assert long.json()["detail"] == "player 1's national number is longer than 40 characters"
    await ok(await director.post("/api/setup/event", json={
        **EVENT, "close_open": True, "players": roster}), 201)
    listed = await ok(await director.get("/api/players"))
    assert {"number": 12, "name": "Ann Smith", "national": "NZB 4411"} in listed
    assert station.session.national == {12: "NZB 4411"}
    # The next night's set-up lists Ann again without her number (a visitor list, say):
    # the club's list keeps it.
    await ok(await director.post("/api/setup/event", json={
        **EVENT, "name": "Saturday pairs", "close_open": True,
        "players": [{"number": 12, "name": "Ann Smith"}]}), 201)
    assert station.session.national == {12: "NZB 4411"}
