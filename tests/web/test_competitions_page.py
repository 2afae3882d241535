"""The ladders page and the players' results page (issue 22) in Chromium: the director creates
a competition and sets its rules as seeds/club-directors-manual.txt lists them, adds three
nights, reads the ladder (the seed's three-night match: those who never changed partner left
out), is refused in a sentence, and a player's results over a period are shown; every element
found by role and label, and axe-core finds nothing serious."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page, expect

from basestation.station.app import Station
from tests.api.test_competitions import three_nights
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, screenshot, serve


@pytest.fixture
async def nights(make_station: Callable[..., Any], browser: Browser,
                 ) -> AsyncIterator[tuple[Page, list[int], str]]:
    """A station with three published nights played, and a page logged in on /competitions."""
    station: Station = await make_station()
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
            await http.post("/api/login", json={"password": PASSWORD})
            events = await three_nights(http, station)
        page = await browser.new_page(viewport={"width": 1200, "height": 900})
        await page.goto(url + "/competitions")
        await page.get_by_role("button", name="Director's login").click()
        await page.get_by_label("Password").fill(PASSWORD)
        await page.get_by_role("button", name="Log in").click()
        await expect(page.get_by_role("button", name="Log out")).to_be_visible()
        await expect(page.get_by_role("status")).to_have_text(
            "No competition yet: the director creates one below.")
        yield page, events, url
        await page.close()


async def test_the_director_runs_a_three_night_ladder(
        nights: tuple[Page, list[int], str]) -> None:
    page, _events, _url = nights
    new = page.get_by_role("region", name="New competition")
    await new.get_by_label("Name").fill("Darwin three-night match")
    await new.get_by_label("Ranking").select_option("individual")
    await new.get_by_label("Sessions in the competition").fill("3")
    await new.get_by_label("Sessions to qualify").fill("3")
    await new.get_by_label("Sessions that count").fill("5")
    await new.get_by_label("Players must change partner at least once").check()
    await new.get_by_role("button", name="Create the competition").click()
    await expect(page.get_by_role("status")).to_have_text(
        "5 sessions to count is more than the competition's 3; nothing was changed.")
    await new.get_by_label("Sessions that count").fill("3")
    await new.get_by_role("button", name="Create the competition").click()
    await expect(page.get_by_role("status")).to_have_text("Darwin three-night match is created.")
    await expect(new.get_by_label("Name")).to_have_value("")

    rules = page.get_by_role("region", name="Rules and sessions")
    for day in ("Tuesday 3", "Tuesday 10", "Tuesday 17"):
        await rules.get_by_label("Event").select_option(
            label=f"{day}, Tuesday {day[8:]} March 2026")
        await rules.get_by_role("button", name="Add the event to the competition").click()
        await expect(rules.get_by_role("button", name=f"Remove {day} from the competition")
                     ).to_be_visible()

    ladder = page.get_by_role("table", name="Ladder of Darwin three-night match")
    await expect(ladder.get_by_role("row")).to_have_count(5)  # the header and four players
    await expect(page.get_by_text("3 of 3 sessions played.")).to_be_visible()
    left = page.get_by_role("table", name="Not qualified")
    await expect(left.get_by_role("row", name="Player 101")).to_contain_text(
        "played every session with the same partner")
    await expect(ladder.get_by_role("row", name="Player 103")).to_contain_text("41.67")
    csv = page.get_by_role("link", name="CSV ladder")
    assert (await csv.get_attribute("href") or "").endswith("/ladder.csv")
    await expect(page.get_by_role("button", name="Print the ladder")).to_be_visible()
    summary = page.get_by_role("table", name="Darwin three-night match", exact=True)
    await page.get_by_label("Year", exact=True).fill("2026")
    await page.get_by_role("button", name="Show the year's place-getters").click()
    await expect(summary.get_by_role("row")).to_have_count(5)  # 1=, 1=, 3=, 3=
    assert await serious_violations(page) == []
    await screenshot(page, "competitions")
    await page.emulate_media(media="print")
    await page.evaluate("document.body.dataset.print = 'ladder'")
    await expect(page.get_by_role("region", name="New competition")).to_be_hidden()
    await expect(ladder).to_be_visible()
    await screenshot(page, "ladder-print")


async def test_a_players_results_over_a_period(nights: tuple[Page, list[int], str]) -> None:
    page, _events, url = nights
    await page.goto(url + "/player-history")
    await page.get_by_role("combobox", name="Player").select_option(label="Player 103 (103)")
    await page.get_by_label("From").fill("2026-03-05")
    await page.get_by_label("To").fill("2026-03-31")
    await page.get_by_role("button", name="Show the player's results").click()
    results = page.get_by_role("table", name="2 session(s)", exact=False)
    await expect(results.get_by_role("row")).to_have_count(3)
    await expect(results.get_by_role("row", name="Tuesday 17 March 2026")).to_contain_text(
        "Player 105")
    await expect(page.get_by_role("heading", name="Results of Player 103 (NZB 103)",
                                  exact=False)).to_be_visible()
    assert await serious_violations(page) == []
    await screenshot(page, "player-history")
