"""The Units panel on a 1366 px laptop: every unit's actions inside the panel (no sideways
scroll, on the page or in the panel), and a replaced or locked unit's Reset one press, its
answer said. Real pads on a real broker, the grid in real Chromium; by role and name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Locked
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import log_in_pad, next_of
from tests.web.test_lock_words import unit_row

pytestmark = pytest.mark.integration
WAIT = 20000


async def sideways(page: Page) -> dict[str, int]:
    """How far the page and the Units panel would scroll sideways (0: not at all)."""
    return dict(await page.evaluate("""() => {
      const panel = document.getElementById('units').closest('.panel');
      const page = document.documentElement;
      return {page: page.scrollWidth - page.clientWidth,
              panel: panel.scrollWidth - panel.clientWidth};
    }"""))


async def test_units_panel_fits_1366_and_reset_is_one_press(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    await page.set_viewport_size({"width": 1366, "height": 768})
    asked: list[str] = []

    async def refuse(dialog: object) -> None:  # any question is one press too many
        asked.append(dialog.message)  # type: ignore[attr-defined]
        await dialog.dismiss()  # type: ignore[attr-defined]

    async with MqttPad(port, "club", 17) as old, MqttPad(port, "club", 18) as new, \
            MqttPad(port, "club", 19) as third:
        await log_in_pad(old, 2)
        await log_in_pad(third, 3)
        await station.director.authorise_takeover("A", 2)
        await log_in_pad(new, 2, takeover=True)
        await next_of(old, Locked)
        await station.director.lock_unit(19)
        await expect(unit_row(page, 17)).to_contain_text("replaced by unit 18", timeout=WAIT)
        await expect(unit_row(page, 19)).to_contain_text("locked by the director", timeout=WAIT)
        assert await sideways(page) == {"page": 0, "panel": 0}
        reset = page.get_by_role("button", name="Reset unit 17")
        box = await reset.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1366, box
        assert await serious_violations(page) == []

        page.on("dialog", refuse)
        await reset.click()
        await expect(unit_row(page, 17)).not_to_contain_text("replaced", timeout=WAIT)
        await expect(page.locator("#message")).to_contain_text("Unit 17: lifted its lock")
        assert asked == []
        assert station.units[17].locked_reason is None
        await page.get_by_role("button", name="Reset unit 19").click()
        await expect(unit_row(page, 19)).not_to_contain_text("locked", timeout=WAIT)
        assert asked == [] and await sideways(page) == {"page": 0, "panel": 0}
