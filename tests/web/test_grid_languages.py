"""The live grid in the director's language (issue 52): a walk of the grid in the
pseudo-language finds no word outside the catalogs (logged out, logged in, with results, a
result to check, boards missing, a flat battery, the "needs the director" view, the movement
dialog, a session ended, a Swiss teams night's matches); and the grid in each shipped
language says its words, its plural forms and its numbers that language's way, with axe-core
finding nothing serious. Real Chromium, a real station and real pads on a real broker."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page, ViewportSize, expect

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from basestation.web.language import COOKIE
from firmware_protocol.messages import Heartbeat
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, accept_dialogs, acked, log_in_pad, login, serve
from tests.web.pseudo import Walk, in_pseudo_language, said
from tests.web.test_needs_director import boards, hand_record, played

pytestmark = pytest.mark.integration
WAIT = 20000  # ms: the machine may be busy
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
# Other panels' words (units.js, players.js, alerts.js: their own walks check them). Hidden
# for this walk, which is about the grid's own words.
LANGUAGES = ["nl", "de", "fr", "es", "it", "pl"]


async def pseudo_login(page: Page) -> None:
    await page.wait_for_selector("#login:not([hidden])")
    await page.get_by_label("[~Password~]").fill(PASSWORD)
    await page.get_by_role("button", name="[~Log in~]").click()
    await page.wait_for_selector("#login", state="hidden")
    await page.wait_for_selector("body[data-live=yes]")


async def check(walk: Walk, screen: str) -> None:
    await walk.check(screen)


async def test_the_grid_says_no_word_outside_the_catalogs(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context(viewport=VIEWPORT)
        await in_pseudo_language(context, url)
        page = await context.new_page()
        accept_dialogs(page)
        walk = Walk(page, names=["Tuesday", "pairs", "A"])
        await page.goto(url + "/")
        await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        await page.wait_for_selector("#section-A tbody tr")
        await check(walk, "the grid, logged out")

        await pseudo_login(page)
        await expect(page.locator("#needs-list")).to_contain_text("[~Nothing needs you now.~]")
        await check(walk, "the grid, the director logged in")

        flagged = boards(station, 1)[0]
        await hand_record(url, flagged)
        async with MqttPad(mosquitto, "club", 17) as pad:
            await log_in_pad(pad, 1)
            # A lead from the wrong hand (a result to check), then a flat battery.
            await acked(pad, pad.send(played(station, 1, 1, flagged, lead="SA")))
            await page.wait_for_selector("#c-A-1-1[data-state=flagged]", timeout=WAIT)
            await acked(pad, pad.send(Heartbeat(battery=12)))
            await page.wait_for_selector("#needs-pads", timeout=WAIT)
            await page.wait_for_selector("#needs-check", timeout=WAIT)
            await check(walk, "a result to check, a flat battery")

            # The round closed with boards out: every table misses some.
            await station.director.close_round("A")
            await page.wait_for_selector("#needs-missing", timeout=WAIT)
            await check(walk, "boards missing: the needs view full")
            # The sections' overview, shown above a congress room's grid (compact).
            await page.evaluate("() => { document.body.dataset.compact = 'yes'; }")
            await expect(page.locator("#overview a")).to_have_count(1)
            await check(walk, "the sections' overview")
            await page.evaluate("() => { document.body.dataset.compact = 'no'; }")

            await page.locator("#section-A").get_by_role(
                "button", name=re.compile(r"^\[~Change the movement")).click()
            await expect(page.locator("#movement")).to_be_visible()
            await check(walk, "the movement dialog")
            await page.locator("#movement").get_by_role(
                "button", name="[~Close the movement~]").click()

            # The session ends once table 1 has finished its round (its pad is playing).
            await page.get_by_role("button", name="[~End session~]").click()
            await expect(page.get_by_role("button", name="[~End session~]")).to_be_disabled(
                timeout=WAIT)
            await check(walk, "the session ending")
            await page.get_by_role("button", name="[~Publish results~]").click()
            await expect(page.locator("body")).to_have_attribute("data-published", "yes",
                                                                 timeout=WAIT)
            await check(walk, "the results published")
        walk.report("grid")
        await context.close()


async def test_a_swiss_teams_nights_matches_say_no_word_outside_the_catalogs(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    await station.director.open_new_event(NewEvent(
        "Swiss teams", "nz", (SectionConfig("A", "swiss-teams", 4, 2),),
        event_format="swiss-teams", rounds=3))
    async for url in serve(station):
        context = await browser.new_context(viewport=VIEWPORT)
        await in_pseudo_language(context, url)
        page = await context.new_page()
        walk = Walk(page, names=["Swiss", "teams", "A"])
        await page.goto(url + "/")
        await pseudo_login(page)
        await page.locator("#matches tr.match").first.wait_for()
        await check(walk, "a Swiss teams night's matches")
        walk.report("grid matches")
        await context.close()


async def test_the_grid_in_each_language(mosquitto: int, make_station: Callable[..., Any],
                                         browser: Browser) -> None:
    """One station, one pad's flat battery and a round closed with boards out, then the grid
    seen in each language in turn (the director's choice, kept by the browser): its words,
    its plural forms and its numbers, and axe-core on each. One station for the six keeps
    the test's time to the page loads and axe's runs."""
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context(viewport=VIEWPORT)
        page = await context.new_page()
        await page.goto(url + "/")
        await login(page)
        async with MqttPad(mosquitto, "club", 17) as pad:
            await log_in_pad(pad, 1)
            await acked(pad, pad.send(Heartbeat(battery=12)))
            await station.director.close_round("A")
            for code in LANGUAGES:
                await context.add_cookies([{"name": COOKIE, "value": code, "url": url}])
                await page.goto(url + "/")
                await expect(page.locator("html")).to_have_attribute("lang", code)
                await page.wait_for_selector("body[data-director=yes][data-live=yes]")
                await grid_says(page, code)
                assert await serious_violations(page) == [], code
        await context.close()


async def grid_says(page: Page, code: str) -> None:
    """The grid's words in language `code`, after a flat battery at A1 and round 1 closed."""
    needs = page.get_by_role("region", name=said(code, "Needs the director"))
    # The battery's percentage as the language writes it ("12 %" in German and French).
    await expect(needs).to_contain_text(
        said(code, "unit {unit}'s battery is at {battery}%", unit=17, battery=12), timeout=WAIT)
    # Six boards missing: the language's plural form (Polish: "6 rozdań"), in the sections'
    # overview (shown above a congress room's grid).
    await expect(page.locator("#overview a")).to_contain_text(
        said(code, "{n} board missing", 6), timeout=WAIT)
    await expect(page.locator("#section-A").get_by_role(
        "button", name=said(code, "Close the round in section {section}", section="A"))
    ).to_be_visible()
    # A cell's accessible name, in the language's words.
    missing = said(code, "missing {left} of {boards}", left=2, boards=2)
    label = said(code, "Table {table}, round {round}: {state}", table=2, round=1, state=missing)
    await expect(page.locator("#c-A-2-1 button")).to_have_attribute(
        "aria-label", re.compile("^" + re.escape(label)))
