"""The players screen (SPEC.md 14) on the broker as shipped, over two nights on the same phone:
it names the pairs the movement puts at the table, always offers "names later", and a new
event clears it (night 2's round 1 never comes pre-filled with night 1's numbers). Real
Chromium, the shipped mosquitto configuration with logins, a real station; by role and label."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, Page, expect

from tests.deploy.conftest import Club
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.padpage import seat_players

pytestmark = pytest.mark.integration
CLUB = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}
SEATS = ("North", "East", "South", "West")
WAIT = 30000
NIGHT_2 = {"letter": "A", "movement": "mitchell", "tables": 3, "boards": 6,
           "player_numbers": "first"}


SERVED = True  # tests/conftest.py's club, its pages served


async def players_screen(page: Page) -> None:
    """Round 1's players screen: the pairs expected named, "names later" offered."""
    screen = page.get_by_role("region", name="Round 1: who is playing?")
    await expect(screen).to_be_visible(timeout=WAIT)
    await expect(screen.get_by_text(
        "The movement puts pair 1 North-South and pair 1 East-West")).to_be_visible()
    await expect(screen.get_by_role("button", name="Play on, names later")).to_be_visible()


async def test_new_event_x_players_screen_second_night_on_the_shipped_broker(
        club: Club, browser: Browser) -> None:
    running, url = club, club.url
    station = running.station
    await station.director.set_players(CLUB)
    context = await browser.new_context()
    try:
        page = await context.new_page()
        await page.goto(f"{url}/pad#code={station.pairing.issue(17)}"
                        f"&broker=ws://127.0.0.1:{running.websockets}")
        await page.wait_for_selector("body[data-link=online]", timeout=WAIT)
        await page.get_by_label("Section").fill("A")
        await page.get_by_label("Table").fill("1")
        await page.get_by_role("button", name="Log in").click()
        await players_screen(page)
        assert await serious_violations(page) == []
        await seat_players(page, {seat: str(n) for seat, n in zip(SEATS, CLUB, strict=True)})
        await expect(page.get_by_role("heading", name="Round 1: NS 1 v EW 1")).to_be_visible(
            timeout=WAIT)
        assert station.session.seats.of("A", 1, "NS") == (10234, 10890)

        night_1 = station.session.event_id
        async with director(station) as api:
            answer = await api.post("/api/setup/event", json={
                "name": "Next Tuesday", "regulations": "nz", "sections": [NIGHT_2],
                "close_open": True})
            assert answer.status_code == 201, answer.text
        assert station.session.event_id not in (None, night_1)
        # Night 2 on the same phone: round 1 asks again, with nothing of night 1 in it.
        await page.wait_for_function(f"() => pad.mem.event === {station.session.event_id}",
                                     timeout=WAIT)
        await players_screen(page)
        for seat in SEATS:
            await expect(page.get_by_role("textbox", name=seat, exact=True)).to_have_value("")
        await page.get_by_role("button", name="Play on, names later").click()
        await expect(page.get_by_role("heading", name="Round 1: NS 1 v EW 1")).to_be_visible(
            timeout=WAIT)
        assert station.session.seats.of("A", 1, "NS") == ()  # nobody said who plays tonight
    finally:
        await context.close()
