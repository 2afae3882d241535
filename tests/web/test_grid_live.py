"""The grid page applies the live stream's events as they come, without reading the grid
again, and a stream that drops catches up from its last position (issue: the congress grid).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page

from basestation.station.app import Station
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.servers import free_port, serve_station
from tests.web.conftest import acked, log_in_pad, login
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration


def grid_reads(page: Page) -> list[str]:
    """The page's full reads of the grid from now on."""
    reads: list[str] = []
    page.on("request", lambda r: reads.append(r.url) if r.url.endswith("/api/grid") else None)
    return reads


async def test_results_and_pads_are_applied_from_the_stream_without_reading_the_grid(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async with serve_station(station) as url:
        page = await browser.new_page(viewport={"width": 1366, "height": 768})
        await page.goto(url + "/")
        await login(page)
        await page.wait_for_selector("#c-A-1-1[data-state=current]")
        await asyncio.sleep(1)  # the first reads done
        reads = grid_reads(page)
        async with MqttPad(mosquitto, "club", 17) as pad:
            await log_in_pad(pad, 1)
            await page.wait_for_selector("#t-A-1 th[data-state=logged_in]")
            await page.wait_for_selector("#unit-17")
            first, second = boards(station, 1, 1)
            await acked(pad, pad.send(result_at(station, 1, 1, first)))
            await page.wait_for_selector("#c-A-1-1[data-state=partial]")
            await acked(pad, pad.send(result_at(station, 1, 1, second)))
            await page.wait_for_selector("#c-A-1-1[data-state=complete][data-done='2']")
            # The round clock no longer names table 1 among those still playing.
            clock = page.locator("#section-A .clock")
            await page.wait_for_function(
                "() => !/still playing: tables? 1\\b/.test("
                "document.querySelector('#section-A .clock').textContent)")
            assert "still playing" in (await clock.text_content() or "")
        assert reads == [], f"the page read the grid again: {reads}"


async def test_a_dropped_stream_catches_up_from_its_last_position(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    """The web server goes away under an open grid (as a link that drops): results come in
    meanwhile; when it is back, the page's stream reconnects with its last position and is
    sent what it missed, every event once, with no full read."""
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    port = free_port()
    async with MqttPad(mosquitto, "club", 17) as pad:
        await log_in_pad(pad, 1)
        async with serve_station(station, port=port) as url:
            page = await browser.new_page(viewport={"width": 1366, "height": 768})
            await page.goto(url + "/")
            await login(page)
            await page.wait_for_selector("#t-A-1 th[data-state=logged_in]")
            await asyncio.sleep(1)
            reads = grid_reads(page)
        await page.wait_for_selector("body[data-live=no]")
        for board in boards(station, 1, 1):
            await acked(pad, pad.send(result_at(station, 1, 1, board)))
        await asyncio.sleep(1.5)  # a reconnection or two refused
        assert await page.get_attribute("#c-A-1-1", "data-state") == "current"
        async with serve_station(station, port=port):
            await page.wait_for_selector("#c-A-1-1[data-state=complete][data-done='2']",
                                         timeout=20_000)
            await page.wait_for_selector("body[data-live=yes]")
    assert reads == [], f"the page read the grid again: {reads}"


async def test_a_stream_from_another_run_reads_afresh(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    """A Last-Event-ID of another bus (the station restarted) or of events no longer kept:
    the first message tells the page to read the grid afresh."""
    import httpx

    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async with serve_station(station) as url, httpx.AsyncClient() as client:
        for last_id, caught_up in ((f"{station.bus.epoch}-{station.bus.position}", True),
                                   (f"other-{station.bus.position}", False), (None, False)):
            headers = {"Last-Event-ID": last_id} if last_id else {}
            async with client.stream("GET", f"{url}/api/stream", headers=headers) as answer:
                lines = answer.aiter_lines()
                data = ""
                while not data.startswith("data: "):
                    data = await anext(lines)
                assert f'"caught_up": {str(caught_up).lower()}' in data, (last_id, data)
