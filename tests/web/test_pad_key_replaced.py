"""A phone whose unit the director pairs again (SPEC.md 7, 6.6): its next result is refused
under its old key, so it says, in the players' words, that its key was replaced, keeps the
result and sends nothing more; opening the new pairing link (SPEC.md 10.5) gives it the new
key and the kept result reaches the station. Real Chromium, mosquitto and station."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import expect

from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.padclub import Club, broker, club, held, pairs
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
UNIT = 81
SAID = "This pad's key was replaced: ask the director to pair it again"


async def test_a_phone_paired_again_keeps_its_result_and_sends_it_with_the_new_key(
        club: Club) -> None:
    page = await club.pad(UNIT)
    await log_in(page, 1)
    _, _, boards = pairs(club.station, 1, 1)
    first = await enter(page, "3NT", "N", 9, "S4")
    await stored(page, 1, first)
    async with director(club) as api:
        answer = await api.post(f"/api/units/{UNIT}/pair")
        answer.raise_for_status()
        code = answer.json()["code"]
    # The next result goes under the old key: the station's answer says the key was replaced.
    second = await enter(page, "4S", "S", 10, "HK")
    alert = page.get_by_role("alert").filter(has_text=SAID)
    await expect(alert).to_be_visible()
    await expect(page.locator("#queue")).to_have_text("1 waiting")
    sent = await page.evaluate("() => pad.mem.nextSeq")
    await asyncio.sleep(3.0)  # past a first retransmission: nothing goes
    assert await page.evaluate("() => pad.mem.nextSeq") == sent
    assert held(club.station, 1, 1, second) is None
    assert await serious_violations(page) == []
    # The players open the new pairing link on the same phone: it goes on, nothing lost.
    await page.goto("about:blank")
    await page.goto(f"{club.url}/pad#code={code}&broker=ws://127.0.0.1:{club.broker.websockets}")
    await page.wait_for_selector("body[data-link=online]")
    await stored(page, 1, second)
    await expect(page.locator("#queue")).to_have_text("all sent")
    await expect(alert).to_be_hidden()
    assert held(club.station, 1, 1, first) is not None
    assert held(club.station, 1, 1, second) is not None
    assert boards[:2] == (first, second)
