"""The history page: the director's actions and the units' logins, newest first, live."""

from __future__ import annotations

from playwright.async_api import Page

from basestation.station.app import Station
from tests.pads import MqttPad
from tests.web.conftest import log_in_pad, screenshot


async def test_history_shows_actions_as_they_happen(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    await page.click("nav >> text=History")
    await page.wait_for_selector("#audit tbody tr.empty >> text=Nothing recorded yet")
    assert "Tuesday pairs" in await page.inner_text("#event option:checked")
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 2)
        await page.wait_for_selector("#audit tbody tr >> text=Logged in to a table")
    await station.hub.act(lambda batch: station.rules.director.close_round("A", batch))
    first = page.locator("#audit tbody tr").first
    await first.locator("text=Round closed: section A, round 1").wait_for()
    assert await first.locator("td").nth(1).inner_text() == "director"
    await page.select_option("#who", "unit")
    await page.wait_for_selector("#audit tbody tr[data-action=close_round]", state="detached")
    assert await page.locator("#audit tbody tr[data-action=login]").count() == 1
    await screenshot(page, "history")
