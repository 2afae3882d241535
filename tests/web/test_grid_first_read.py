"""The grid's first paint is one read: the grid and the units are asked for while the login
check runs, who plays once it says the director is looking, and the live stream's first
message (read afresh) is answered by that same read, not a second one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Request, expect

from basestation.station.config import NewEvent, SectionConfig
from tests.web.conftest import PASSWORD, serve

pytestmark = pytest.mark.integration


def recorder(into: list[str], base: str) -> Callable[[Request], None]:
    """Notes the path of each API request a page makes."""
    def note(request: Request) -> None:
        if "/api/" in request.url:
            into.append(request.url.removeprefix(base))
    return note


async def test_a_directors_first_paint_reads_the_grid_once(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station = await make_station(mqtt_port=mosquitto, open_event=False)
    await station.director.open_new_event(NewEvent("Congress pairs", "nz", tuple(
        SectionConfig(letter, "mitchell", 13, 26) for letter in "ABC")))
    async for url in serve(station):
        context = await browser.new_context(viewport={"width": 1366, "height": 768})
        assert (await context.request.post(f"{url}/api/login",
                                           data={"password": PASSWORD})).ok
        page = await context.new_page()
        asked: list[str] = []
        page.on("request", recorder(asked, url))
        await page.goto(url + "/")
        await page.wait_for_selector("body[data-live=yes]")
        section = page.get_by_role("region", name="Section C")
        await expect(section.get_by_role("rowheader")).to_have_count(13)
        await expect(page.get_by_role("button", name="Log out")).to_be_visible()
        await page.wait_for_timeout(1500)  # a second read, were one coming, would be asked
        asked = [path for path in asked if path != "/api/stream"]
        assert asked.count("/api/grid") == 1, asked
        assert asked.count("/api/units") == 1 and asked.count("/api/seats") == 1, asked
        # Every table's number and cells are buttons that open their dialogs.
        await section.get_by_role("button", name="Table 13: no pad, not logged in").click()
        await expect(page.get_by_role("dialog", name="Table C13")).to_be_visible()
