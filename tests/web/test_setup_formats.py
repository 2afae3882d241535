"""The set-up page in real Chromium for a teams or Swiss night: the format and the rounds are
chosen, each section speaks of teams or pairs, the preview shows the first round's matches,
a field that cannot play is refused in the station's own sentence, and the event opens."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from basestation.station.app import Station
from tests.web.conftest import screenshot

pytestmark = pytest.mark.integration


async def first_round(page: Page) -> list[str]:
    return await page.locator(".section-setup .match-preview tbody tr").all_inner_texts()


async def test_a_swiss_night_is_set_up_from_the_browser(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    old_event = station.session.event_id
    await page.goto(page.url.rstrip("/") + "/setup")
    row = page.locator(".section-setup").first
    await page.wait_for_selector(".section-setup[data-valid=yes] .movement-preview")
    assert not await page.locator("#rounds-choice").is_visible()
    assert await row.locator(".count-word").inner_text() == "Tables"
    await page.fill("[name=name]", "Friday Swiss")

    # Teams round robin: four teams, each match at two tables; no movement to choose.
    await page.select_option("[name=format]", "teams")
    await row.locator("[name=tables]").fill("4")
    await row.locator("[name=boards]").fill("6")
    await page.wait_for_selector(".section-setup[data-valid=yes] .match-preview")
    assert await row.locator(".count-word").inner_text() == "Teams"
    assert await row.locator(".boards-word").inner_text() == "Boards a match"
    assert not await row.locator("[name=movement]").is_visible()
    assert not await row.locator("[name=phantom]").is_visible()
    assert not await page.locator("#rounds-choice").is_visible()
    await page.wait_for_function("() => document.querySelector('.balance').textContent"
                                 ".startsWith('3 rounds')")
    assert await first_round(page) == ["1 & 2\tTeam 1 v Team 4", "3 & 4\tTeam 2 v Team 3"]

    # Swiss teams: the rounds are asked for; an odd field plays a Troika, so its rounds
    # must be even, said in the station's words.
    await page.select_option("[name=format]", "swiss-teams")
    assert await page.locator("#rounds-choice").is_visible()
    await page.fill("[name=rounds]", "3")
    await row.locator("[name=tables]").fill("5")
    await page.wait_for_selector(".section-setup[data-valid=no]")
    await page.wait_for_function("() => document.querySelector('.balance').textContent.includes("
                                 "'with a Troika the number of rounds must be even, not 3')")
    await page.click("#open-event")
    await page.wait_for_function("() => document.getElementById('setup-error').textContent"
                                 ".includes('with a Troika the number of rounds must be even')")
    assert station.session.event_id == old_event  # refused: nothing changed
    await page.fill("[name=rounds]", "4")
    assert await page.inner_text("#setup-error") == ""  # the refusal was of the form as sent
    await page.wait_for_selector(".section-setup[data-valid=yes] .match-preview tr.troika")
    assert await first_round(page) == ["1 & 2\tTeam 1 v Team 2",
                                       "last three\tTroika: teams 3, 4, 5"]

    # Swiss pairs: the section counts pairs, and an odd number is refused.
    await page.select_option("[name=format]", "swiss-pairs")
    assert await row.locator(".count-word").inner_text() == "Pairs"
    await page.wait_for_function("() => document.querySelector('.balance').textContent.includes("
                                 "'needs an even number of pairs, not 5')")
    await row.locator("[name=tables]").fill("6")
    await row.locator("[name=boards]").fill("3")
    await page.wait_for_selector(".section-setup[data-valid=yes] .match-preview")
    # club-directors-manual.txt, "Seeding and Draw for Swiss": round 1 is the top half
    # against the bottom half, one table a match.
    assert await first_round(page) == ["1\tPair 1 v Pair 4", "2\tPair 2 v Pair 5",
                                       "3\tPair 3 v Pair 6"]
    await screenshot(page, "setup-swiss-pairs")

    # Out of the number field first: a mouse press on the button while it still has the
    # focus scrolls headless Chromium, and the click lands elsewhere.
    await row.locator("[name=boards]").blur()
    await page.click("#open-event")
    await page.wait_for_selector("#confirm[open]")
    await page.click("#confirm-close")
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')")
    rules = station.rules
    assert (rules.session.event_name, rules.session.event_format, rules.session.format_rounds) == (
        "Friday Swiss", "swiss-pairs", 4)
    movement = rules.session.sections["A"].movement
    assert (movement.kind, movement.tables, movement.rounds) == ("swiss-pairs", 3, 1)
