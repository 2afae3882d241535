"""The browser pad through the shipped broker configuration: WebSockets listener, logins and
ACL as deployed, so the pad must compute its own broker password (SPEC 10.3) in the page."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from basestation.station.hub import epoch_key
from tests.deploy.conftest import SECRET, Club, secured_club
from tests.web.conftest import serve
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[tuple[Club, str]]:
    async with secured_club(tmp_path) as running:
        async for url in serve(running.station):
            yield running, url


async def open_pad(browser: Browser, club: Club, url: str, unit: int,
                   key: bytes) -> tuple[BrowserContext, Page]:
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{url}/pad#unit={unit}&key={key.hex()}&station=club"
                    f"&broker=ws://127.0.0.1:{club.websockets}")
    return context, page


async def test_a_paired_pad_logs_in_to_the_secured_broker(
        club: tuple[Club, str], browser: Browser) -> None:
    running, url = club
    context, page = await open_pad(browser, running, url, 17, epoch_key(SECRET, 17, 0))
    try:
        await page.wait_for_selector("body[data-link=online]")
        await log_in(page, 1)
        board = await enter(page, "4S", "S", 10, "HK")
        await stored(page, 1, board)
        held = running.station.rules.sections["A"].held(1, 1, board)
        assert held is not None and held.score_ns == 420
    finally:
        await context.close()


async def test_a_pad_with_an_old_key_is_kept_out(
        club: tuple[Club, str], browser: Browser) -> None:
    running, url = club
    # Unit 18 was re-paired (epoch 1): its epoch-0 key no longer opens the broker.
    context, page = await open_pad(browser, running, url, 18, epoch_key(SECRET, 18, 0))
    try:
        await page.wait_for_timeout(3000)
        assert await page.get_attribute("body", "data-link") == "offline"
        assert running.station.hub.units[18].last_seen is None
    finally:
        await context.close()
