"""Pairing a phone by its one-time link (SPEC.md 10.5): the director pairs a unit on the grid,
the link carries a code, never the key; the phone opens it, takes its key in one call, and
neither the address bar nor the history holds anything that still works. A second use of the
link is told it is spent. Real Chromium, real mosquitto over WebSockets, a real station; found
by role and label; axe-core on the pages."""

from __future__ import annotations

import time
from urllib.parse import parse_qs

import pytest
from playwright.async_api import Page, Request, expect

from basestation.api.routes.pairing import KEPT
from basestation.station.refusals import english
from basestation.station.session.pairing_codes import REPLACED, SPENT
from firmware_protocol.security import unit_key
from tests.web.accessibility import serious_violations
from tests.web.conftest import login as log_in_director
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}


def record(page: Page) -> list[str]:
    """Every request the page makes: its address and body."""
    sent: list[str] = []

    def keep(request: Request) -> None:
        sent.append(request.url + " " + (request.post_data or ""))

    page.on("request", keep)
    return sent


async def phone(club: Club) -> Page:
    context = await club.browser.new_context(viewport=PHONE)
    club.contexts.append(context)
    return await context.new_page()


async def test_a_phone_pairs_by_a_one_time_link(club: Club) -> None:
    grid = await club.browser.new_page(viewport={"width": 1200, "height": 900})
    await grid.goto(club.url + "/")
    await log_in_director(grid)
    await grid.get_by_label("Unit", exact=True).fill("71")
    await grid.get_by_label("broker WebSockets address").fill(
        f"ws://127.0.0.1:{club.broker.websockets}")
    await grid.get_by_role("button", name="Pair the unit").click()
    await grid.wait_for_selector("#pair-qr svg")
    first = await grid.get_attribute("#pair-url", "href")
    # Pairing again (a lost pad, say) gives a new key and a new link; the first is void.
    await grid.get_by_role("button", name="Pair the unit").click()
    await grid.wait_for_function(
        f"() => document.getElementById('pair-url').href !== {first!r}")
    link = await grid.get_attribute("#pair-url", "href")
    assert link is not None and first is not None
    await expect(grid.locator("#pair-link")).to_contain_text("The link works once, within 10 "
                                                             "minutes")
    key = club.station.hub.units[71].key.hex()
    assert key != unit_key("change-me", 71).hex()
    path, fragment = link.split("#", 1)
    assert path == club.url + "/pad" and key not in link
    assert set(parse_qs(fragment)) == {"code", "broker"}
    await screenshot(grid, "pad-pairing")
    assert await serious_violations(grid) == []
    await grid.close()

    pad = await phone(club)
    sent = record(pad)
    await pad.goto(club.url + "/")  # somewhere before, so the history has an entry to go back to
    await pad.goto(link)
    await pad.wait_for_selector("body[data-link=online]")
    assert pad.url == club.url + "/pad"  # the code left the address bar
    await log_in(pad, 2)  # the station verifies the pad's tags with the paired key
    assert club.station.hub.units[71].table == 2
    # Nothing sent carries the key: the code went once, in the exchange's body.
    assert not [request for request in sent if key in request]
    asked = parse_qs(fragment)
    assert [request for request in sent if "/api/pairing" in request] == [
        f"{club.url}/api/pairing " + '{"code":"' + asked["code"][0] + '","broker":"' +
        asked["broker"][0] + '"}']
    # The history: back to the page before, forward to the pad, whose entry holds no code.
    await pad.go_back()
    assert pad.url == club.url + "/"
    await pad.go_forward()
    assert pad.url == club.url + "/pad"
    await pad.wait_for_selector("body[data-state=play]")  # the pad it is, from its storage

    # The same link on another phone (say, from the first one's history): spent.
    other = await phone(club)
    await other.goto(link)
    refused = other.get_by_role("region", name="Not paired").get_by_role("alert")
    await expect(refused).to_have_text(SPENT)
    assert other.url == club.url + "/pad"
    assert await other.evaluate("localStorage.length") == 0
    assert await serious_violations(other) == []
    await screenshot(other, "pad-pairing-spent")
    # The first link, replaced by the second.
    await other.goto(first)
    await expect(refused).to_have_text(REPLACED)
    # The phone that paired opens the link again: it stays the pad it is, and says why.
    again = await pad.context.new_page()
    await again.goto(link)
    await again.wait_for_selector("body[data-state=play]")
    await expect(again.locator("#notices")).to_contain_text(
        f"{SPENT}. This page stays the pad it was (unit 71)")
    assert club.station.hub.units[71].key.hex() == key  # nothing changed


async def erase_storage(page: Page, url: str) -> None:
    """What Safari does after 7 days without a visit, with no pad page open (a page open
    would save its memory again), then the pad page opened again."""
    await page.goto(url + "/static/pad.css")  # the site, with none of the pad's scripts
    await page.evaluate("localStorage.clear()")
    await page.goto(url + "/pad")


async def test_a_phone_whose_browser_erased_its_storage_is_the_same_pad(club: Club) -> None:
    """Safari erases a site's script-written storage after 7 days without a visit: the key
    the pairing left in a cookie (set by the station, kept for it alone) gives the pad back
    its unit. A unit paired again since is said so in a sentence."""
    pad = await club.pad(72)
    (kept,) = [c for c in await pad.context.cookies() if c["name"] == KEPT]
    assert kept["httpOnly"] and kept["path"] == "/api/pairing/kept"
    assert kept["sameSite"] == "Strict" and kept["expires"] > time.time() + 300 * 86400
    assert await pad.evaluate("document.cookie") == ""  # never the page's to read
    await log_in(pad, 1)
    # A week without a visit: the browser erased the page's storage.
    await erase_storage(pad, club.url)
    await pad.wait_for_selector("body[data-link=online]")
    await expect(pad.get_by_role("status", name="Latest message")).to_have_text(
        "This browser had cleared the pad's memory: it is unit 72 again. Log in to your table")
    await log_in(pad, 1)  # its counters start afresh: the station's REPLAY puts them above
    board = await enter(pad, "3NT", "N", 9)
    await stored(pad, 1, board)
    assert club.station.session.sections["A"].held(1, 1, board).unit == 72
    assert await serious_violations(pad) == []

    # The director pairs unit 72 again (a lost phone, say): the kept key opens nothing.
    await club.station.director.pair_unit(72)
    await erase_storage(pad, club.url)
    refused = pad.get_by_role("region", name="Not paired").get_by_role("alert")
    await expect(refused).to_have_text(english("pairing.paired_again", {"unit": 72}))
    assert await pad.evaluate("localStorage.length") == 0
    assert not [c for c in await pad.context.cookies() if c["name"] == KEPT]
