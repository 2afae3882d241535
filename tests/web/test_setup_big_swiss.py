"""The set-up page in real Chromium takes a congress Swiss field: 120 pairs, found by role
and label, previewed, opened and drawn."""

from __future__ import annotations

import time

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot

pytestmark = pytest.mark.integration


async def test_a_congress_field_of_120_pairs_is_set_up_in_the_browser(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    await page.goto(page.url.rstrip("/") + "/setup")
    event = page.get_by_role("group", name="Event")
    await event.get_by_label("Name", exact=True).fill("Congress Swiss Pairs")
    await page.get_by_label("Format").select_option("swiss-pairs")
    await page.get_by_label("Rounds", exact=True).fill("7")
    pairs = page.get_by_label("Pairs", exact=True)
    await pairs.fill("120")
    await page.get_by_label("Boards a match").fill("3")
    # club-directors-manual.txt, "Seeding and Draw for Swiss": top half v bottom half,
    # one table a match: 60 tables, pair 1 v pair 61 .. pair 60 v pair 120.
    first_round = page.get_by_role("table", name="Round 1 matches")
    await expect(first_round.get_by_role("row")).to_have_count(61, timeout=10_000)  # + heading
    await expect(first_round.get_by_role("row").nth(1)).to_contain_text("Pair 1 v Pair 61")
    await expect(first_round.get_by_role("row").last).to_contain_text("Pair 60 v Pair 120")
    assert await pairs.get_attribute("max") == "255"
    assert await serious_violations(page) == []
    await screenshot(page, "setup-congress-swiss-pairs")

    await page.get_by_label("Boards a match").blur()
    started = time.perf_counter()
    await page.get_by_role("button", name="Open the event").click()
    await page.get_by_role("button", name="Close it and open the new event").click()
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')")
    opened = time.perf_counter() - started
    rules = station.rules
    assert (rules.session.event_name, rules.session.event_format, rules.session.format_rounds) == (
        "Congress Swiss Pairs", "swiss-pairs", 7)
    movement = rules.session.sections["A"].movement
    assert (movement.kind, movement.tables, movement.rounds) == ("swiss-pairs", 60, 1)
    assert opened < 30  # loosely: the machine is busy
