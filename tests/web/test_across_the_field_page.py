"""Across the field in Chromium (issue 49): the set-up page scores a Mitchell and a Howell
section across the field together, its pairs placed across the room; the results page lists
them by direction across the sections (the Howell's pairs a field of their own) with each
pair's place in its section beside it."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.api.test_across_the_field import _play_all
from tests.web.conftest import PASSWORD, screenshot
from tests.web.test_setup_page import set_section

pytestmark = pytest.mark.integration


async def test_a_night_scored_across_the_field_from_set_up_to_results(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    url = page.url.rstrip("/")
    await page.goto(url + "/setup")
    await page.wait_for_selector(".section-setup[data-valid=yes]")
    await page.fill("[name=name]", "Across the field")
    await set_section(page, 0, "mitchell", 5, 10)
    await page.click("#add-section")
    await set_section(page, 1, "howell", 3, 10)
    await page.wait_for_function("() => document.querySelectorAll("
                                 "'.section-setup[data-valid=yes]').length === 2")
    await page.get_by_label("Score all sections across the field").check()
    await page.get_by_label("Places").select_option("room")
    await page.click("#open-event")
    await page.wait_for_selector("#confirm[open]")
    await page.click("#confirm-close")
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')")
    scoring = station.session.scoring
    assert (scoring.across_the_field, scoring.places) == (True, "room")

    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
        await http.post("/api/login", json={"password": PASSWORD})
        await _play_all(http, random.Random(7))
    await page.goto(url + "/results")
    ns = page.get_by_role("table", name="Placed across the room: all sections NS")
    await expect(ns).to_be_visible()
    headers = await ns.get_by_role("columnheader").all_inner_texts()
    assert headers == ["Rank", "Pair", "Names", "Total", "%", "Boards", "In section"]
    first = await ns.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()
    assert first[0] == "1" and first[1] in ("A1", "A2", "A3", "A4", "A5")
    assert first[6] == "1"  # first across the room, so first in its section too
    howell = page.get_by_role("table", name="Placed across the room: all sections, B (one field)")
    assert await howell.get_by_role("row").count() == 1 + 6
    await screenshot(page, "results-across-the-field")
