"""A section's rankings on its pads after each round (SPEC.md 14.9): off by default, set
from the console or at set-up, kept over a restart; a wrong setting refused in a sentence."""

from __future__ import annotations

import httpx
import pytest

from basestation.station.app import Station
from firmware_protocol.messages import RoundRankings
from tests.api.conftest import PASSWORD, ok, restarted

OFF = {"after_each_round": False, "hide_first": 0, "hide_last": 0}


async def test_set_shown_and_kept_over_a_restart(
        station: Station, director: httpx.AsyncClient) -> None:
    event = await ok(await director.get("/api/event"))
    assert event["sections"][0]["rankings"] is None  # only once published
    wanted = {"after_each_round": True, "hide_first": 0, "hide_last": 1}
    assert await ok(await director.put("/api/sections/a/rankings", json=wanted)) == wanted
    assert station.session.sections["A"].rankings == RoundRankings(0, 1)
    async with restarted(station) as client:
        event = await ok(await client.get("/api/event"))
    assert event["sections"][0]["rankings"] == {"hide_first": 0, "hide_last": 1}


async def test_switched_off_again(station: Station, director: httpx.AsyncClient) -> None:
    await ok(await director.put("/api/sections/A/rankings",
                                json={"after_each_round": True, "hide_first": 1}))
    assert await ok(await director.put("/api/sections/A/rankings",
                                       json={"after_each_round": False})) == OFF
    assert station.session.sections["A"].rankings is None


async def test_a_wrong_setting_is_refused_and_changes_nothing(
        station: Station, client: httpx.AsyncClient) -> None:
    shown = {"after_each_round": True, "hide_first": 1, "hide_last": 1}
    anonymous = await client.put("/api/sections/A/rankings", json=shown)
    assert anonymous.status_code == 401
    await ok(await client.post("/api/login", json={"password": PASSWORD}))
    negative = await client.put("/api/sections/A/rankings",
                                json={"after_each_round": True, "hide_last": -1})
    assert negative.status_code == 422
    assert negative.json()["detail"] == "The last rounds hidden must be at least 0."
    every = await client.put("/api/sections/A/rankings",
                             json={"after_each_round": True, "hide_first": 2, "hide_last": 1})
    assert every.status_code == 422
    assert every.json()["detail"] == ("hiding the first 2 and the last 1 rounds leaves none "
                                      "of section A's 3 rounds to show the rankings after")
    missing = await client.put("/api/sections/Q/rankings", json=shown)
    assert missing.status_code == 404
    assert isinstance(missing.json()["detail"], str)
    assert station.session.sections["A"].rankings is None


async def test_a_new_event_takes_the_setting_at_set_up(
        station: Station, director: httpx.AsyncClient) -> None:
    wrong = await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "B", "tables": 4, "boards": 8,
                                          "round_rankings": True, "rankings_hide_last": 4}]})
    assert wrong.status_code == 422
    assert wrong.json()["detail"] == ("hiding the first 0 and the last 4 rounds leaves none "
                                      "of section B's 4 rounds to show the rankings after")
    opened = await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [
            {"letter": "B", "tables": 4, "boards": 8, "round_rankings": True,
             "rankings_hide_last": 2},
            {"letter": "C", "tables": 4, "boards": 8}]}), 201)
    assert [s["rankings"] for s in opened["sections"]] == [
        {"hide_first": 0, "hide_last": 2}, None]
    assert station.session.sections["B"].rankings == RoundRankings(0, 2)


def test_the_config_file_names_it_or_is_refused() -> None:
    from basestation.station.config import ConfigError, parse_config

    def section(**extra: object) -> dict[str, object]:
        return {"event": {"name": "Tuesday", "section": [{"letter": "A", **extra}]}}

    event = parse_config(section(round_rankings=True, rankings_hide_last=2)).event
    assert event is not None
    spec = event.sections[0]
    assert (spec.round_rankings, spec.rankings_hide_first, spec.rankings_hide_last) == (
        True, 0, 2)
    with pytest.raises(ConfigError, match="rankings_hide_first must be a number of rounds"):
        parse_config(section(rankings_hide_first=-1))
