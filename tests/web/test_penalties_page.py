"""The penalties page in real Chromium: a penalty added and removed, and the ranking with it."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.web.conftest import screenshot

pytestmark = pytest.mark.integration


async def test_penalties_are_listed_added_and_removed(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    await page.goto(page.url.rstrip("/") + "/penalties")
    await page.wait_for_selector("#penalty-form [name=section] option[value=A]", state="attached")
    # The form's sections come from one call, the list from the next: wait for the list.
    await expect(page.locator("#penalties tbody")).to_have_text("No penalties.")
    await page.fill("[name=pair]", "2")
    await page.select_option("[name=direction]", "EW")
    await page.fill("[name=percent]", "25")
    await page.fill("[name=board]", "3")
    await page.click("#penalty-form button[type=submit]")
    await page.wait_for_selector("#penalties tbody tr[data-id]")
    cells = await page.locator("#penalties tbody tr[data-id] td").all_inner_texts()
    assert cells[:5] == ["A", "2", "EW", "25", "3"]
    assert "Pair 2 loses 25% of a top" in await page.inner_text("#message")
    [held] = station.session.penalties
    assert (held.penalty.pair, held.penalty.direction, held.penalty.percent) == (2, "EW", 25)
    await screenshot(page, "penalties-page")
    await page.click("#penalties tbody tr[data-id] button")
    await page.wait_for_selector("#penalties tbody tr:not([data-id])")
    assert station.session.penalties == []
    assert "removed" in await page.inner_text("#message")
