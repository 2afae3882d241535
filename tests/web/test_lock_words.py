"""A lock is shown as a lock: "locked by the director" for UNIT_LOCKED, "replaced by unit N"
for UNIT_REPLACED, in the Units panel, the alerts and the table dialog; no dialog ever shows
"null"; "last heard" reads the same in the table dialog and the Units panel. Real pads on a
real broker, in real Chromium, found by role and label; axe-core."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Heartbeat, Locked
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import (
    accept_dialogs,
    acked,
    log_in_pad,
    next_of,
    refresh_grid,
    screenshot,
)

pytestmark = pytest.mark.integration


def unit_row(page: Page, unit: int) -> Any:
    units = page.get_by_role("table", name="Units")
    return units.get_by_role("row").filter(has=page.get_by_role("cell", name=str(unit),
                                                                 exact=True))


def table_head(page: Page, number: int) -> Any:
    return page.locator("#section-A").get_by_role("rowheader").filter(
        has_text=re.compile(rf"^{number}"))


async def no_null_anywhere(page: Page) -> None:
    for dialog in ("#table-dialog", "#cell"):
        text = await page.locator(dialog).inner_text()
        assert "null" not in text and "undefined" not in text, text
    units = await page.get_by_role("table", name="Units").inner_text()
    assert "null" not in units and "undefined" not in units, units


async def test_replaced_and_locked_say_which(director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    accept_dialogs(page)
    async with MqttPad(port, "club", 17) as old, MqttPad(port, "club", 18) as new, \
            MqttPad(port, "club", 19) as third:
        await log_in_pad(old, 2)
        await log_in_pad(third, 3)
        await expect(unit_row(page, 17)).to_contain_text("playing")

        # A takeover: unit 18 replaces unit 17 at table A2.
        await unit_row(page, 17).get_by_role("button", name="replace").click()
        await expect(table_head(page, 2)).to_contain_text("takeover waiting")
        await log_in_pad(new, 2, takeover=True)
        await next_of(old, Locked)
        await expect(unit_row(page, 17)).to_contain_text("replaced by unit 18")
        replaced = page.locator("#alerts li[data-kind=unit_replaced]")
        await expect(replaced).to_have_count(1)  # standing, not said twice
        await expect(replaced).to_contain_text(
            "Unit 17 was replaced by unit 18 at table A2: it is locked out.")

        # The director locks unit 19 out. The station stores UNIT_LOCKED for a director's
        # lock; set here as well, so this page test holds whichever the station stores.
        await unit_row(page, 19).get_by_role("button", name="Withdraw unit 19").click()
        await expect(unit_row(page, 19)).to_have_attribute("data-state", "locked")
        station.hub.units[19].locked_reason = "UNIT_LOCKED"
        await refresh_grid(page)
        await expect(unit_row(page, 19)).to_contain_text("locked by the director")
        await expect(page.locator("#alerts li[data-kind=unit_locked]")).to_contain_text(
            "Unit 19 was locked out by the director.")
        await expect(page.locator("#alerts li[data-kind=unit_replaced]")).to_have_count(1)

        # Every table dialog and the alerts' links: no "null" anywhere.
        for number in (1, 2, 3):
            await table_head(page, number).click()
            dialog = page.get_by_role("dialog", name=f"Table A{number}")
            await expect(dialog).to_be_visible()
            await no_null_anywhere(page)
            await dialog.get_by_role("button", name="Close").click()
        await replaced.get_by_role("link").click()  # to the table unit 18 holds now
        await expect(page.get_by_role("dialog", name="Table A2")).to_contain_text(
            "unit 18, logged in")
        await no_null_anywhere(page)

        # Last heard: the same words in the dialog as in the Units panel, ticking together.
        await acked(new, new.send(Heartbeat(battery=77)))
        await refresh_grid(page)
        dialog = page.get_by_role("dialog", name="Table A2")
        await expect(dialog).to_contain_text(re.compile(r"last heard \d+s ago"))
        in_panel = unit_row(page, 18).locator(".seen")
        in_dialog = dialog.locator(".seen")
        # The same time in both, once both have read the latest (a refresh may be under way).
        await page.wait_for_function(
            """() => {
                const panel = document.querySelector('#unit-18 .seen');
                const dialog = document.querySelector('#table-dialog .seen');
                return panel && dialog && panel.dataset.seen === dialog.dataset.seen;
            }""")
        await page.wait_for_timeout(5500)  # both tick on the same clock
        assert await in_panel.inner_text() == await in_dialog.inner_text()
        await expect(page.get_by_role("columnheader", name="Last heard")).to_be_visible()
        await screenshot(page, "lock-words")
        assert await serious_violations(page) == []
