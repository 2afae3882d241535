"""The pad's rankings after each round (SPEC.md 14.9), when the section's setting asks: shown
in a region "Rankings after round N" once every table has completed the round, in players'
words, at phone and tablet widths. Real Chromium, real mosquitto, a real station; by role and
accessible name."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
NARROW = {"width": 320, "height": 640}
TABLET = {"width": 768, "height": 1024}
WAIT = 30000  # the machine may be busy: generous waits
CLUB = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}


async def fits(page: Page, width: int) -> None:
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{wide}px wide on a {width}px screen"


async def others_play_round(club: Club, round_: int) -> None:
    """Tables 2 and 3 enter their round by the director's console, as a club without pads."""
    async with director(club) as console:
        for table in (2, 3):
            _ns, _ew, boards = pairs(club.station, table, round_)
            for board in boards:
                answer = await console.put(
                    f"/api/sections/A/tables/{table}/rounds/{round_}/boards/{board}",
                    json={"contract": "3NT", "declarer": "N", "tricks": 8 + board % 3})
                assert answer.status_code < 300, answer.text


async def test_rankings_show_after_a_complete_round_in_players_words(club: Club) -> None:
    await club.station.director.set_players(CLUB)
    async with director(club) as console:
        for side, numbers in (("NS", [10234, 10567]), ("EW", [10890, 11012])):
            seated = await console.put("/api/seats/A/2", json={
                "side": side, "players": [{"number": n} for n in numbers]})
            assert seated.status_code == 200, seated.text
        answer = await console.put("/api/sections/A/rankings",
                                   json={"after_each_round": True, "hide_last": 1})
        assert answer.status_code == 200, answer.text
    page = await club.pad(91, viewport=PHONE)
    await log_in(page, 1)
    rankings = page.get_by_role("region", name="Rankings after round 1")
    for _ in pairs(club.station, 1, 1)[2]:
        board = await enter(page, "4S", "S", 10)
        await stored(page, 1, board)
    await expect(page.get_by_role("region", name="Rankings after round 1")).to_have_count(0)
    await others_play_round(club, 1)  # the round is now complete at every table
    await expect(rankings).to_be_visible(timeout=WAIT)
    table = rankings.get_by_role("table", name="Rankings after round 1")
    await expect(table.get_by_role("columnheader")).to_have_text(["Rank", "Pair", "Names", "%"])
    await expect(table.get_by_role("row")).to_have_count(7, timeout=WAIT)  # 3 NS, 3 EW pairs
    first = table.get_by_role("row").nth(1).get_by_role("cell")
    await expect(first.nth(0)).to_have_text("1")
    await expect(first.nth(1)).to_have_text(re.compile(r"^[1-3] NS$"))  # North-South first
    await expect(first.nth(3)).to_have_text(re.compile(r"^\d{1,3}\.\d\d$"))
    await expect(table.get_by_role("row").filter(has_text="2 NS")).to_contain_text(
        "Ann Smith & Bob Jones")
    await expect(table.get_by_role("row").filter(has_text="2 EW")).to_contain_text(
        "Cat Brown & Dan White")
    await expect(page.get_by_role("region", name="Rankings after round 2")).to_have_count(0)
    await fits(page, PHONE["width"])
    assert await serious_violations(page) == []
    await screenshot(page, "rankings-phone")
    await page.set_viewport_size(NARROW)
    await fits(page, NARROW["width"])
    await page.set_viewport_size(TABLET)
    await fits(page, TABLET["width"])
    assert await serious_violations(page) == []


async def test_the_last_round_named_stays_hidden(club: Club) -> None:
    async with director(club) as console:
        answer = await console.put("/api/sections/A/rankings",
                                   json={"after_each_round": True, "hide_last": 1})
        assert answer.status_code == 200, answer.text
    page = await club.pad(92, viewport=PHONE)
    await log_in(page, 1)
    for round_ in (1, 2, 3):
        for _ in pairs(club.station, 1, round_)[2]:
            board = await enter(page, "3NT", "N", 9)
            await stored(page, round_, board)
        await others_play_round(club, round_)
        if round_ < 3:
            await expect(page.get_by_role("region", name=f"Rankings after round {round_}")) \
                .to_be_visible(timeout=WAIT)
    # Round 3 is the last: hidden, so the finish stays a surprise. The final screen shows
    # one ranking, once the director publishes it: no round's rankings beside it.
    await page.wait_for_selector("body[data-state=finished]", timeout=WAIT)
    await expect(page.get_by_role("region", name="Rankings after round 3")).to_have_count(0)
    await expect(page.get_by_role("region", name="Rankings after round 2")).to_have_count(0)
    await expect(page.get_by_text("The rankings show here once the director publishes them")) \
        .to_be_visible()
    await expect(page.get_by_role("table", name="Rankings")).to_be_hidden()
    async with director(club) as console:
        (await console.post("/api/session/end")).raise_for_status()
        (await console.post("/api/session/publish")).raise_for_status()
    ranking = page.get_by_role("table", name="Rankings")
    await expect(ranking.get_by_role("row")).to_have_count(7, timeout=WAIT)  # 6 pairs
    await expect(page.get_by_role("table", name=re.compile("Rankings"))).to_have_count(1)
    assert await serious_violations(page) == []
