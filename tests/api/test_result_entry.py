"""How a section's pads take a board's result (SPEC.md 14.2): "=", "+1", "-1" by default, or
the tricks taken, as the director sets it. Stored with the section; refused in a sentence."""

from __future__ import annotations

import httpx

from basestation.api.app import create_app
from basestation.station.app import Station
from firmware_protocol.enums import ResultEntry
from tests.api.conftest import PASSWORD, ok


async def test_tricks_entry_is_set_shown_and_kept_over_a_restart(
        station: Station, director: httpx.AsyncClient) -> None:
    event = await ok(await director.get("/api/event"))
    assert event["sections"][0]["result_entry"] == "result"
    assert await ok(await director.put("/api/sections/a/result-entry",
                                       json={"entry": "tricks"})) == {"entry": "tricks"}
    assert station.rules.sections["A"].result_entry == ResultEntry.TRICKS
    await station.stop()
    again = Station(station.config)
    await again.start()
    try:
        transport = httpx.ASGITransport(app=create_app(again, manage_station=False))
        async with httpx.AsyncClient(transport=transport, base_url="http://club") as client:
            event = await ok(await client.get("/api/event"))
    finally:
        await again.stop()
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
    assert station.rules.sections["A"].result_entry == ResultEntry.RESULT
