"""Alerts belong to their event: a pad replaced on night one is said on night one, at the table
where it was replaced, not on night two naming wherever its successor sits then; the Units
panel still shows the unit as it stands (replaced, until the director resets it); dismissed
on night one, the same alert on night two shows. Real pads on a real broker, the grid in real
Chromium; by role and accessible name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from firmware_protocol.messages import Locked
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import log_in_pad, next_of
from tests.web.test_lock_words import unit_row

pytestmark = pytest.mark.integration
WAIT = 20000


async def test_a_replaced_pad_is_an_alert_of_its_own_night(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    replaced = page.locator("#alerts li[data-kind=unit_replaced]")
    async with MqttPad(port, "club", 2) as old, MqttPad(port, "club", 7) as new:
        await log_in_pad(old, 3)
        await station.director.authorise_takeover("A", 3)
        await log_in_pad(new, 3, takeover=True)
        await next_of(old, Locked)
        said = "Unit 2 was replaced by unit 7 at table A3: it is locked out."
        await expect(replaced.get_by_role("link")).to_have_text(said, timeout=WAIT)
        await page.get_by_role("button", name=f"Dismiss the alert: {said}").click()
        await expect(replaced).to_have_count(0)

        # Night two: unit 7 plays at table A1; unit 2 is still locked out.
        await station.director.open_new_event(NewEvent(
            "Night two", "nz", (SectionConfig("A", "mitchell", 3, 6),)))
        await log_in_pad(new, 1)
        await expect(page.locator("#event-name")).to_have_text("Night two", timeout=WAIT)
        await expect(replaced).to_have_count(0, timeout=WAIT)
        await page.reload()
        await expect(unit_row(page, 7)).to_contain_text("playing", timeout=WAIT)
        await expect(unit_row(page, 2)).to_contain_text("replaced by unit 7")
        await expect(replaced).to_have_count(0)
        await expect(page.locator("#alerts")).not_to_contain_text("Unit 2 was replaced")
        assert await serious_violations(page) == []

        # The same thing again tonight is news: dismissed last week, shown now.
        await station.director.reset_unit(2)
        await log_in_pad(old, 3)
        await station.director.authorise_takeover("A", 3)
        await log_in_pad(new, 3, takeover=True)
        await next_of(old, Locked)
        await expect(replaced.get_by_role("link")).to_have_text(said, timeout=WAIT)
