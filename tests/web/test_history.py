"""The history page: the director's actions and the units' logins, newest first, live."""

from __future__ import annotations

from playwright.async_api import Page

from basestation.station.app import Station
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
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
    await station.director.close_round("A")
    first = page.locator("#audit tbody tr").first
    await first.locator("text=Round closed: section A, round 1").wait_for()
    assert await first.locator("td").nth(1).inner_text() == "director"
    await page.select_option("#who", "unit")
    await page.wait_for_selector("#audit tbody tr[data-action=close_round]", state="detached")
    assert await page.locator("#audit tbody tr[data-action=login]").count() == 1
    await screenshot(page, "history")


async def test_history_names_each_event_by_its_own_day_in_the_directors_words(
        director_page: tuple[Station, Page, int]) -> None:
    _station, page, _port = director_page
    # A night set up ahead of its day: the list shows the day it is played, not today.
    opened = await page.evaluate("""async () => (await fetch("/api/setup/event", {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({name: "Club night", date: "2026-11-03", close_open: true,
                              sections: [{letter: "A", tables: 3, boards: 6}]})})).status""")
    assert opened == 201
    await page.get_by_role("link", name="History").click()
    chosen = page.get_by_label("Event").locator("option:checked")
    await chosen.filter(has_text="Club night (Tuesday 3 November 2026").wait_for(state="attached")
    rows = page.get_by_role("table").get_by_role("row")
    opened_row = rows.filter(has_text="Event opened: Club night, 0 deals, 0 players")
    await opened_row.wait_for()
    assert await opened_row.get_by_role("cell").nth(1).inner_text() == "director"
    texts = await rows.all_inner_texts()
    assert not [t for t in texts if "_" in t or "{" in t], texts
    assert await serious_violations(page) == []
