"""A section's pads stay at their tables or move with the NS or EW pairs (SPEC.md 14.10):
tables by default, set from the console or at set-up, kept over a restart; a bad value or
a movement that does not allow it refused in a sentence, changing nothing."""

from __future__ import annotations

import httpx
import pytest

from basestation.station.app import Station
from firmware_protocol.enums import PadPlace
from tests.api.conftest import PASSWORD, ok, restarted

HOWELL = {"name": "Thursday", "sections": [
    {"letter": "H", "movement": "howell", "tables": 4, "boards": 28}]}


async def test_set_and_kept_over_a_restart(station: Station,
                                           director: httpx.AsyncClient) -> None:
    event = await ok(await director.get("/api/event"))
    assert event["sections"][0]["pads"] == "tables"
    assert await ok(await director.put("/api/sections/a/pads", json={"pads": "ew"})) == {
        "pads": "ew"}
    assert station.session.sections["A"].pads is PadPlace.EW
    async with restarted(station) as client:
        event = await ok(await client.get("/api/event"))
    assert event["sections"][0]["pads"] == "ew"


async def test_a_bad_value_or_movement_is_refused_and_changes_nothing(
        station: Station, client: httpx.AsyncClient) -> None:
    anonymous = await client.put("/api/sections/A/pads", json={"pads": "ns"})
    assert anonymous.status_code == 401
    await ok(await client.post("/api/login", json={"password": PASSWORD}))
    bad = await client.put("/api/sections/A/pads", json={"pads": "north"})
    assert bad.status_code == 422
    assert bad.json()["detail"] == "Where the pads go must be one of 'tables', 'ns' or 'ew'."
    missing = await client.put("/api/sections/Q/pads", json={"pads": "ns"})
    assert missing.status_code == 404
    assert station.session.sections["A"].pads is PadPlace.TABLES
    await ok(await client.post("/api/events", json=HOWELL), 201)
    refused = await client.put("/api/sections/H/pads", json={"pads": "ew"})
    assert refused.status_code == 422
    assert refused.json()["detail"] == (
        "pads cannot follow the EW pairs: pair 1 and pair 3 (both EW in round 1) meet at "
        "table 1 in round 4")
    assert station.session.sections["H"].pads is PadPlace.TABLES


async def test_a_new_event_takes_the_setting_at_set_up(
        station: Station, director: httpx.AsyncClient) -> None:
    howell = {**HOWELL, "sections": [{**HOWELL["sections"][0], "pads": "ns"}]}
    wrong = await director.post("/api/events", json=howell)
    assert wrong.status_code == 422
    assert wrong.json()["detail"].startswith("pads cannot follow the NS pairs:")
    opened = await ok(await director.post("/api/events", json={
        "name": "Thursday", "sections": [{"letter": "B", "tables": 4, "boards": 8, "pads": "ew"},
                                         {"letter": "C", "tables": 4, "boards": 8}]}), 201)
    assert [s["pads"] for s in opened["sections"]] == ["ew", "tables"]
    assert station.session.sections["B"].pads is PadPlace.EW


def test_the_config_file_names_it_or_is_refused() -> None:
    from basestation.station.config import ConfigError, parse_config

    def section(**extra: object) -> dict[str, object]:
        return {"event": {"name": "Tuesday", "section": [{"letter": "A", **extra}]}}

    event = parse_config(section(pads="ns")).event
    assert event is not None and event.sections[0].pads == "ns"
    with pytest.raises(ConfigError, match="pads must be one of tables, ns, ew"):
        parse_config(section(pads="phones"))
