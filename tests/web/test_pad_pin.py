"""The director's PIN typed at a browser pad (SPEC.md 6.8): a wrong PIN, then too many, said in
players' words on the pad; the grid names the unit. Real Chromium, real mosquitto over
WebSockets, a real station; found by role and label; axe-core on both pages."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import Page, expect

from basestation.station.session.pin_tries import FREE_TRIES
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import log_in_pad, screenshot
from tests.web.conftest import login as log_in_director
from tests.web.padclub import Club, broker, club

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
# The nak says the seconds left; on a busy machine a second or more may pass first.
WAIT = re.compile("Too many wrong PINs from this pad: the station takes a PIN from it again "
                  "in (1 minute|[1-5]?[0-9] seconds)$")


async def take_over_with(page: Page, pin: str) -> None:
    await page.get_by_label("Section").fill("A")
    await page.get_by_label("Table").fill("1")
    await page.get_by_label("Director's PIN").fill(pin)
    await page.get_by_role("button", name="Log in").click()


async def wrong_pins(club: Club, unit: int, count: int) -> None:
    async with asyncio.timeout(10):
        while (tries := club.station.session.pin_tries.units.get(unit)) is None \
                or tries.wrong < count:
            await asyncio.sleep(0.05)


async def test_a_wrong_pin_then_a_wait_in_words_and_the_grid_names_the_pad(
        club: Club) -> None:
    async with MqttPad(club.broker.port, "club", 61) as holder:
        await log_in_pad(holder, 1)
        page = await club.pad(62, PHONE)
        notice = page.get_by_role("status", name="Latest message")
        await take_over_with(page, "1111")
        await expect(notice).to_have_text("The director's PIN is not right")
        assert await page.get_by_label("Director's PIN").input_value() == ""  # not kept
        for n in range(2, FREE_TRIES + 1):
            await take_over_with(page, f"{n}{n}{n}{n}")
            await wrong_pins(club, 62, n)
        await expect(notice).to_have_text(WAIT)
        # The right PIN during the wait: the same answer; table A1 stays with unit 61.
        await take_over_with(page, "4321")
        await expect(page.get_by_role("heading", name="Log in to your table")).to_be_visible()
        await expect(notice).to_have_text(WAIT)
        assert club.station.session.sections["A"].holders[1] == 61
        assert await serious_violations(page) == []
        await screenshot(page, "pad-pin-wait")

        grid = await club.browser.new_page(viewport={"width": 1200, "height": 900})
        await grid.goto(club.url + "/")
        await log_in_director(grid)
        alert = grid.locator("#alerts li[data-kind=wrong_pin]")
        await expect(alert).to_contain_text(
            f"Unit 62 has given a wrong director's PIN {FREE_TRIES} times: the station checks "
            "its PIN again at ")
        await expect(grid.locator("#alert-counts")).to_contain_text("1 pad giving wrong PINs")
        assert await serious_violations(grid) == []
        await grid.close()
