"""The browser pad through the shipped broker configuration: WebSockets listener, logins and
ACL as deployed, so the pad must compute its own broker password (SPEC 10.3) in the page."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect

from basestation.station.core.units import epoch_key
from tests.deploy.conftest import SECRET, Club
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot
from tests.web.padpage import enter, log_in, seat_players, stored
from tests.web.pseudo import Walk

pytestmark = pytest.mark.integration
CLUB = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}
SEATS = ("North", "East", "South", "West")


def refused_words(unit: int) -> str:
    return (f"The station's broker refused this pad (unit {unit}): ask the director to pair it "
            "again on this event. If the director's grid says the unit belongs to another "
            "event on this computer, pair this pad under a unit number of this event's own "
            "(each event its own unit numbers)")


SERVED = True  # tests/conftest.py's club, its pages served


async def open_pad(browser: Browser, club: Club, url: str,
                   unit: int) -> tuple[BrowserContext, Page]:
    """A phone opening the unit's pairing link (a one-time code, SPEC 10.5)."""
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{url}/pad#code={club.station.pairing.issue(unit)}"
                    f"&broker=ws://127.0.0.1:{club.websockets}")
    return context, page


async def open_kept_pad(browser: Browser, club: Club, url: str, unit: int,
                        key: bytes) -> tuple[BrowserContext, Page]:
    """A phone paired earlier, holding `key` in its storage (an old one, say)."""
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{url}/pad")
    paired = {"unit": unit, "key": key.hex(), "station": "club",
              "broker": f"ws://127.0.0.1:{club.websockets}"}
    await page.evaluate("(p) => localStorage.setItem('bridgepad:current', JSON.stringify(p))",
                        paired)
    await page.reload()
    return context, page


async def test_a_paired_pad_logs_in_to_the_secured_broker(
        club: Club, browser: Browser) -> None:
    """As shipped, a section asks the players' numbers at its first round: they give them
    from the club's list, then play."""
    running, url = club, club.url
    await running.station.director.set_players(CLUB)
    context, page = await open_pad(browser, running, url, 17)
    try:
        await page.wait_for_selector("body[data-link=online]")
        await log_in(page, 1)
        await expect(page.get_by_role("heading", name="Round 1: who is playing?")).to_be_visible()
        await seat_players(page, {seat: str(n) for seat, n in zip(SEATS, CLUB, strict=True)})
        board = await enter(page, "4S", "S", 10, "HK")
        await stored(page, 1, board)
        held = running.station.session.sections["A"].held(1, 1, board)
        assert held is not None and held.score_ns == 420
        ns, ew = held.ns, held.ew
        assert running.station.session.seats.of("A", ns, "NS") == (10234, 10890)
        assert running.station.session.seats.of("A", ew, "EW") == (10567, 11012)
    finally:
        await context.close()


async def test_a_pad_with_an_old_key_is_kept_out(
        club: Club, browser: Browser) -> None:
    running, url = club, club.url
    # Unit 18 was re-paired (epoch 1): its epoch-0 key no longer opens the broker.
    context, page = await open_kept_pad(browser, running, url, 18,
                                         epoch_key(SECRET, 18, 0))
    try:
        await page.wait_for_selector("body[data-link=refused]")
        await expect(page.get_by_role("alert").filter(has_text="broker")).to_have_text(
            refused_words(18))
        assert running.station.hub.units[18].last_seen is None
    finally:
        await context.close()


async def test_a_refused_pad_keeps_trying_and_connects_once_let_in(
        club: Club, browser: Browser) -> None:
    """A phone holding unit 42's key before the director has paired unit 42: the broker
    refuses it, the pad says so in words and keeps trying; once the director pairs the unit
    (its login is made) it connects by itself. (A withdrawn unit keeps its login: SPEC 6.5.)"""
    running, url = club, club.url
    context, page = await open_kept_pad(browser, running, url, 42, epoch_key(SECRET, 42, 0))
    refused = page.get_by_role("alert").filter(has_text="broker")
    try:
        await page.wait_for_selector("body[data-link=refused]", timeout=10000)
        await expect(refused).to_have_text(refused_words(42))
        await expect(page.locator("#link")).to_have_text("refused")
        await expect(page.locator("#queue")).to_have_text("all sent")  # nothing keyed
        assert await serious_violations(page) == []
        await screenshot(page, "pad-broker-refused")
        await page.wait_for_timeout(6000)  # past mqtt.js's own give-up, and a few tries
        assert await page.get_attribute("body", "data-link") == "refused"
        async with director(running.station) as api:
            (await api.post("/api/units/42/pair")).raise_for_status()
        await page.wait_for_selector("body[data-link=online]", timeout=15000)
        await expect(refused).to_be_hidden()
        await expect(page.locator("#link")).to_have_text("connected")
        await log_in(page, 2)  # and the station hears it
        assert running.station.hub.units[42].table == 2
    finally:
        await context.close()


async def test_a_second_phone_takes_the_unit_through_the_shipped_broker(
        club: Club, browser: Browser) -> None:
    """The broker gives each login one client id (its user name), so the second phone's
    connection takes the first one's over; the first, told by the station, stops trying, and
    the second stays connected and logs in to the table (SPEC.md 10.3 and 15)."""
    running, url = club, club.url
    key = epoch_key(SECRET, 17, 0)
    first_context, first = await open_kept_pad(browser, running, url, 17, key)
    second_context = None
    try:
        await first.wait_for_selector("body[data-link=online]")
        await log_in(first, 1)
        second_context, second = await open_kept_pad(browser, running, url, 17, key)
        told = first.get_by_role("region", name="Opened on another screen")
        await expect(told).to_be_visible(timeout=15000)
        await second.wait_for_selector("body[data-link=online]", timeout=15000)
        for _ in range(6):  # no tug of war between the two for the connection
            await second.wait_for_timeout(500)
            assert await second.get_attribute("body", "data-link") == "online"
        await log_in(second, 1)  # and the station hears it
        await expect(second.get_by_role("heading", name="Round 1: who is playing?")
                     ).to_be_visible()
        await expect(second.get_by_role("region", name="Opened on another screen")).to_be_hidden()
        assert running.station.hub.units[17].table == 1
    finally:
        await first_context.close()
        if second_context is not None:
            await second_context.close()


async def test_the_refused_screen_in_the_pseudo_language(club: Club, browser: Browser) -> None:
    """The broker's refusal in the pad's words: the pseudo-language walk finds no other."""
    context = await browser.new_context()
    await context.add_init_script("localStorage.setItem('bridgepad:language', 'xx')")
    try:
        page = await context.new_page()
        await page.goto(f"{club.url}/pad")
        paired = {"unit": 43, "key": epoch_key(SECRET, 43, 0).hex(), "station": "club",
                  "broker": f"ws://127.0.0.1:{club.websockets}"}
        await page.evaluate("(p) => localStorage.setItem('bridgepad:current', JSON.stringify(p))",
                            paired)
        await page.reload()
        await page.wait_for_selector("body[data-link=refused]", timeout=10000)
        walk = Walk(page)
        await walk.check("the broker refused")
        walk.report("refused")
    finally:
        await context.close()
