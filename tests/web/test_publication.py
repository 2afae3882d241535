"""Results are public only once the director publishes them: until then travellers, rankings,
exports and the contracts in the live stream are the director's (a player's phone on the club
network must not show a board still to be played). Pausing or ending the session publishes
nothing. A real server, a real pad and a real stream."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser

from basestation.station.app import Station
from firmware_protocol.messages import Result, Seat
from tests.pads import MqttPad
from tests.web.conftest import PASSWORD, acked, log_in_pad, login, screenshot, serve

pytestmark = pytest.mark.integration

RESULT_READS = ("/api/rankings", "/api/travellers", "/api/exports/pbn", "/api/exports/csv",
                "/api/sections/A/results", "/api/sections/A/tables/1/rounds/1",
                "/api/sections/A/boards/1/traveller", "/api/sections/A/pairs/1/scorecard")


async def first_result(stream: httpx.Response) -> dict[str, Any]:
    async with asyncio.timeout(10):
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                event = json.loads(line[6:])
                if event.get("type") == "result":
                    return dict(event)
    raise AssertionError("the stream ended")


async def test_results_are_public_only_once_the_director_publishes(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as anyone, \
                httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
            await director.post("/api/login", json={"password": PASSWORD})
            status = (await anyone.get("/api/status")).json()
            assert status["running"] and status["results_public"] is False
            async with anyone.stream("GET", "/api/stream") as open_stream, \
                    director.stream("GET", "/api/stream") as director_stream, \
                    MqttPad(mosquitto, "club", 17) as pad:
                await log_in_pad(pad, 1)
                await acked(pad, pad.send(Result(section="A", table=1, round=1, board=1, ns=1,
                                                 ew=1, contract="4S", declarer=Seat.S,
                                                 tricks=10)))
                seen_by_anyone = await first_result(open_stream)
                seen_by_director = await first_result(director_stream)
                # Table 1's round finished, so that an End waits for nobody.
                await acked(pad, pad.send(Result(section="A", table=1, round=1, board=2, ns=1,
                                                 ew=1, contract="PASS", declarer=None,
                                                 tricks=None)))
            # Where a result came in, for the grid; not what it was.
            assert seen_by_anyone["board"] == 1 and seen_by_anyone["cell"]["done"] == 1
            assert "contract" not in seen_by_anyone and "score_ns" not in seen_by_anyone
            assert seen_by_director["contract"] == "4S" and seen_by_director["score_ns"] == 420
            for path in RESULT_READS:
                refused = await anyone.get(path)
                assert refused.status_code == 401, path
                assert "not published yet" in refused.json()["detail"]
                assert (await director.get(path)).status_code == 200, path
            assert (await anyone.get("/api/merge-offers")).status_code == 401
            # Pausing, then ending the session, publishes nothing.
            assert (await director.post("/api/running", json={"running": False})).is_success
            assert (await anyone.get("/api/status")).json()["results_public"] is False
            assert (await anyone.post("/api/session/end")).status_code == 401
            assert (await director.post("/api/session/end")).is_success
            status = (await anyone.get("/api/status")).json()
            assert status["ended"] and not status["running"] and not status["results_public"]
            for path in RESULT_READS:
                assert (await anyone.get(path)).status_code == 401, path
            again = await director.post("/api/session/end")
            assert again.status_code == 422 and again.json()["detail"] == (
                "the session has already ended")
            # The director publishes: everyone may read the results.
            assert (await anyone.post("/api/session/publish")).status_code == 401
            assert (await director.post("/api/session/publish")).is_success
            assert (await anyone.get("/api/status")).json()["results_public"] is True
            for path in RESULT_READS:
                assert (await anyone.get(path)).status_code == 200, path


async def test_results_page_waits_for_the_end_of_the_session(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 17) as pad:
        await log_in_pad(pad, 1)
        await acked(pad, pad.send(Result(section="A", table=1, round=1, board=1, ns=1, ew=1,
                                         contract="4S", declarer=Seat.S, tricks=10)))
    async for url in serve(station):
        page = await browser.new_page()
        await page.goto(url + "/results")
        await page.wait_for_selector("#message >> text=not published yet")
        assert await page.locator("#travellers table").count() == 0
        assert not await page.locator(".exports").is_visible()
        await page.click("#director-login")
        await login(page)
        await page.wait_for_selector("#travellers >> text=4\u2660")
        await page.click("#logout")
        await page.keyboard.press("Escape")
        await station.director.pause_or_resume(False)
        await page.goto(url + "/results")
        await page.wait_for_selector("#message >> text=not published yet")
        await station.director.publish(True)
        await page.goto(url + "/results")
        await page.wait_for_selector("#travellers >> text=4\u2660")
        await screenshot(page, "results-published")
        await page.close()
