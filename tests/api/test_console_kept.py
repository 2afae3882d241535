"""The console's settings set through the API are stored: a new Station on the same database
(a restart) answers with them. Bad values are refused in a sentence and change nothing."""

from __future__ import annotations

import httpx

from basestation.station.app import Station
from tests.api.conftest import ok, restarted


async def test_thresholds_round_length_and_takeover_survive_a_restart(
        station: Station, director: httpx.AsyncClient) -> None:
    await ok(await director.put("/api/console/thresholds",
                                json={"silent_minutes": 3, "rounds_behind": 4}))
    await ok(await director.put("/api/sections/a/round-minutes", json={"minutes": 16}))
    await ok(await director.post("/api/sections/A/tables/2/takeover"))
    refused = await director.put("/api/console/thresholds", json={"bad_mac_run": 0})
    assert refused.status_code == 422
    async with restarted(station) as client:
        limits = await ok(await client.get("/api/console/thresholds"))
        grid = await ok(await client.get("/api/grid"))
    assert limits == {"silent_minutes": 3, "bad_mac_run": 3, "rounds_behind": 4,
                      "round_minutes": {"A": 16}, "board_minutes": {"A": 0}}
    assert grid["sections"][0]["clock"]["round_minutes"] == 16
    assert [t["takeover"] for t in grid["sections"][0]["tables"]] == [False, True, False]


async def test_the_round_clock_is_minutes_per_board_plus_minutes_per_round(
        station: Station, director: httpx.AsyncClient) -> None:
    grid = await ok(await director.get("/api/grid"))
    boards = len(grid["sections"][0]["tables"][0]["cells"][0]["board_numbers"])
    clock = grid["sections"][0]["clock"]
    assert (clock["minutes_per_board"], clock["minutes_per_round"]) == (7.5, 0)
    await ok(await director.put("/api/sections/A/clock",
                                json={"minutes_per_board": 7, "minutes_per_round": 1.5}))
    # Refused in a sentence, nothing changed: no time at all, or a negative one.
    none = await director.put("/api/sections/A/clock",
                              json={"minutes_per_board": 0, "minutes_per_round": 0})
    assert none.status_code == 422
    assert none.json()["detail"] == ("a round needs some time: give minutes per board or per "
                                     "round")
    assert (await director.put("/api/sections/A/clock", json={
        "minutes_per_board": -1, "minutes_per_round": 3})).status_code == 422
    async with restarted(station) as client:
        clock = (await ok(await client.get("/api/grid")))["sections"][0]["clock"]
    assert (clock["minutes_per_board"], clock["minutes_per_round"]) == (7, 1.5)
    assert clock["round_minutes"] == boards * 7 + 1.5
