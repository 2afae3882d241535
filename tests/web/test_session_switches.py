"""Pause, End session and Publish are three separate, confirmed actions on the grid page:
pausing stops entry on the pads, ending also takes the backup, and only publishing makes the
results public. A real pad on a real broker, in real Chromium."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from playwright.async_api import Dialog, Page

from basestation.station.app import Station
from firmware_protocol.messages import ErrorCode, Nak, Result, Seat, StationState, Status
from tests.pads import MqttPad
from tests.web.conftest import Questions, log_in_pad, next_of, screenshot

pytestmark = pytest.mark.integration


async def public(page: Page) -> bool:
    status = await page.evaluate("fetch('/api/status').then((r) => r.json())")
    return bool(status["results_public"])


async def test_pause_end_and_publish_are_separate(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = Questions()

    async def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        # The first question is refused: nothing may happen without a yes.
        await (dialog.dismiss() if len(asked) == 1 else dialog.accept())

    page.on("dialog", answer)
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        await page.wait_for_selector("#running >> text=Pause")
        assert "Pause entry" in await asked.on(page.click("#running"))
        assert station.session.running  # refused: still running
        await page.click("#running")
        status = await next_of(pad, Status)
        assert status.state is StationState.STOPPED
        await page.wait_for_selector("#running >> text=Resume")
        await page.wait_for_selector("#session-state >> text=paused")
        refused = await pad.request(Result(section="A", table=1, round=1, board=1, ns=1, ew=1,
                                           contract="4S", declarer=Seat.S, tricks=10))
        assert isinstance(refused[0], Nak) and refused[0].code is ErrorCode.STOPPED
        assert not await public(page) and not station.session.ended

        await page.click("#end-session")
        await asked_about(asked, "End the session")
        await page.wait_for_selector("#session-state >> text=session ended")
        assert station.session.ended and not station.session.running
        assert not await public(page)
        assert await page.locator("#end-session").is_disabled()

        await page.click("#publish")
        await asked_about(asked, "Publish the results")
        await page.wait_for_selector("#session-state >> text=results published")
        assert station.session.published and await public(page)
        await screenshot(page, "session-published")
    # Anyone (not logged in) now reads the rankings.
    async with httpx.AsyncClient(base_url=page.url.rstrip("/")) as anyone:
        assert (await anyone.get("/api/rankings")).status_code == 200


async def asked_about(asked: list[str], words: str) -> None:
    """The page asked `words` last: it asks once it has heard from the station (End names
    the tables still playing), so the question may come a moment after the press."""
    async with asyncio.timeout(10):
        while not asked or words not in asked[-1]:
            await asyncio.sleep(0.05)
