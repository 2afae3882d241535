"""The director's grid at a congress: 13-table sections in compact rows, a line per section
that jumps to it, usable at 1366x768, at 200% zoom and on a tablet (issue: the congress
grid)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page, expect

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from tests.web.conftest import login, serve
from tests.web.test_console_accessible import no_violations

pytestmark = pytest.mark.integration

LAPTOP = {"width": 1366, "height": 768}


async def congress(make_station: Callable[..., Any], mosquitto: int) -> Station:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    await station.director.open_new_event(NewEvent("Congress pairs", "nz", tuple(
        SectionConfig(letter, "mitchell", 13, 26) for letter in "ABCD")))
    return station


async def no_sideways_scroll(page: Page) -> None:
    assert await page.evaluate("""() => [...document.querySelectorAll('#sections .scroll')]
        .every((box) => box.scrollWidth <= box.clientWidth)"""), "a section scrolls sideways"
    assert await page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


async def test_a_13_table_section_on_a_laptop_screen_and_the_overview_jumps_to_it(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station = await congress(make_station, mosquitto)
    async for url in serve(station):
        page = await browser.new_page(viewport=LAPTOP)
        await page.goto(url + "/")
        await login(page)
        overview = page.get_by_role("navigation", name="Sections at a glance")
        line = overview.get_by_role("link", name="Section C: round 1 of 13")
        await expect(line).to_contain_text("13 tables playing, 0 boards missing")
        await line.click()
        section = page.get_by_role("region", name="Section C")
        await expect(section.get_by_role("rowheader")).to_have_count(13)
        # The whole section, its 13 tables and 13 rounds, is on the screen at once.
        box = await section.bounding_box()
        assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= 768, box
        assert box["x"] + box["width"] <= 1366
        await no_sideways_scroll(page)
        # The detail is one press away: the table's dialog, and its name says its state.
        await expect(section.get_by_role("button", name="Table 13: no pad, not logged in")
                     ).to_be_visible()
        await no_violations(page, "the congress grid")
        assert station.session.event_name == "Congress pairs"


@pytest.mark.parametrize("viewport", [{"width": 683, "height": 384},  # 1366x768 at 200%
                                      {"width": 800, "height": 1280}])  # a tablet upright
async def test_the_congress_grid_at_200_percent_and_on_a_tablet(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser,
        viewport: dict[str, int]) -> None:
    station = await congress(make_station, mosquitto)
    async for url in serve(station):
        page = await browser.new_page(viewport=viewport)
        await page.goto(url + "/")
        await login(page)
        await page.get_by_role("link", name="Section D: round 1 of 13").click()
        section = page.get_by_role("region", name="Section D")
        table = section.get_by_role("button", name="Table 1: no pad, not logged in")
        await expect(table).to_be_in_viewport()
        # Nothing but a section's own rounds scrolls sideways; the page itself does not.
        assert await page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        await table.click()
        await expect(page.get_by_role("dialog", name="Table D1")).to_be_visible()
        await no_violations(page, f"the congress grid at {viewport}")


async def test_a_console_without_an_event_is_not_in_play(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    async for url in serve(station):
        page = await browser.new_page(viewport=LAPTOP)
        await page.goto(url + "/")
        await login(page)
        await expect(page.locator("#session-state")).to_have_text("no event open")
