"""The director sets where a section's pads go (SPEC.md 14.10) at set-up: they stay at
their tables unless said, or move with the NS or EW pairs (players' own phones)."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page

from basestation.station.app import Station
from firmware_protocol.enums import PadPlace
from tests.web.accessibility import serious_violations

pytestmark = pytest.mark.integration
WAIT = 30000  # the machine may be busy: generous waits


async def test_set_at_set_up(director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    await page.goto(page.url.rstrip("/") + "/setup")
    await page.wait_for_selector(".section-setup[data-valid=yes]", timeout=WAIT)
    await page.get_by_role("group", name="Event").get_by_label("Name").fill("Friday pairs")
    row = page.locator(".section-setup").first
    pads = row.get_by_label(re.compile(r"^The pads"))
    assert await pads.input_value() == "tables"
    await pads.select_option("move with the EW pairs")
    assert await serious_violations(page) == []
    await page.click("#open-event")
    await page.wait_for_selector("#confirm[open]", timeout=WAIT)
    await page.click("#confirm-close")
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')", timeout=WAIT)
    assert station.session.event_name == "Friday pairs"
    assert station.session.sections["A"].pads is PadPlace.EW
