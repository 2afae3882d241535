"""How a section's pads take a board's result (SPEC.md 14.2): "=", "+1", "-1" by default, or
the tricks taken, as the director sets it. Stored with the section; refused in a sentence."""

from __future__ import annotations

import httpx
import pytest

from basestation.station.app import Station
from firmware_protocol.enums import ResultEntry
from tests.api.conftest import PASSWORD, ok, restarted


async def test_tricks_entry_is_set_shown_and_kept_over_a_restart(
        station: Station, director: httpx.AsyncClient) -> None:
    event = await ok(await director.get("/api/event"))
    assert event["sections"][0]["result_entry"] == "result"
    assert await ok(await director.put("/api/sections/a/result-entry",
                                       json={"entry": "tricks"})) == {"entry": "tricks"}
    assert station.session.sections["A"].result_entry == ResultEntry.TRICKS
    async with restarted(station) as client:
        event = await ok(await client.get("/api/event"))
    assert event["sections"][0]["result_entry"] == "tricks"


async def test_a_wrong_setting_is_refused_and_changes_nothing(
        station: Station, client: httpx.AsyncClient) -> None:
    anonymous = await client.put("/api/sections/A/result-entry", json={"entry": "tricks"})
    assert anonymous.status_code == 401
    await ok(await client.post("/api/login", json={"password": PASSWORD}))
    wrong = await client.put("/api/sections/A/result-entry", json={"entry": "points"})
    assert wrong.status_code == 422
    assert wrong.json()["detail"] == ("The way results are entered must be one of 'result' or "
                                      "'tricks'.")
    missing = await client.put("/api/sections/Q/result-entry", json={"entry": "tricks"})
    assert missing.status_code == 404
    assert isinstance(missing.json()["detail"], str)
    assert station.session.sections["A"].result_entry == ResultEntry.RESULT


async def test_a_new_event_takes_the_setting_at_set_up(
        station: Station, director: httpx.AsyncClient) -> None:
    wrong = await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "B", "tables": 4, "boards": 8,
                                          "result_entry": "score"}]})
    assert wrong.status_code == 422
    assert wrong.json()["detail"] == ("The way results are entered (item 1 of sections) must "
                                      "be one of 'result' or 'tricks'.")
    opened = await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [
            {"letter": "B", "tables": 4, "boards": 8, "result_entry": "tricks"},
            {"letter": "C", "tables": 4, "boards": 8}]}), 201)
    assert [s["result_entry"] for s in opened["sections"]] == ["tricks", "result"]
    assert station.session.sections["B"].result_entry == ResultEntry.TRICKS


def test_the_config_file_names_it_or_is_refused() -> None:
    from basestation.station.config import ConfigError, parse_config

    def section(**extra: object) -> dict[str, object]:
        return {"event": {"name": "Tuesday", "section": [{"letter": "A", **extra}]}}

    def entry(**extra: object) -> str:
        event = parse_config(section(**extra)).event
        assert event is not None
        return event.sections[0].result_entry

    assert entry() == "result"
    assert entry(result_entry="tricks") == "tricks"
    with pytest.raises(ConfigError, match="result_entry must be one of result, tricks"):
        parse_config(section(result_entry="points"))
