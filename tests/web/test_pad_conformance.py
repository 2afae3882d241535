"""The conformance kit against the browser pad: the page (served by a station, paired by a
one-time code) is pointed at a broker where `basestation conformance`'s kit plays the
station, and the test presses the players' keys. It passes every clause."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page

from basestation.conformance.clauses import Outcome
from basestation.conformance.kit import Kit, KitOptions
from basestation.conformance.links import MqttKitLink
from basestation.station.app import Station
from firmware_protocol.messages import Result
from tests.web.conftest import serve
from tests.web.padclub import Broker, broker
from tests.web.padpage import enter, log_in

__all__ = ["broker"]

UNIT = 31
KIT_RUNS_WITHIN = 300.0  # seconds; about 90 alone, 100 beside another suite


class BrowserOperator:
    """The players at a browser pad: a page in its own context, as a phone."""

    def __init__(self, browser: Browser, link: str, station: Station, broker: int) -> None:
        self.browser, self.link = browser, link
        self.station, self.broker = station, broker
        self.page: Page | None = None

    @property
    def opened(self) -> Page:
        assert self.page is not None
        return self.page

    async def switch_on(self) -> None:
        context = await self.browser.new_context(viewport={"width": 800, "height": 900})
        self.page = await context.new_page()
        await self.page.goto(self.link)
        await self.page.wait_for_selector("body[data-link=online]")

    async def power_cycle(self) -> None:
        # A page started again: its storage kept, a new screen, a hello (SPEC 15.3).
        await self.opened.reload()
        await self.opened.wait_for_selector("body[data-link=online]")

    async def log_in(self, section: str, table: int) -> None:
        await log_in(self.opened, table, section)

    async def enter(self, result: Result) -> None:
        page = self.opened
        if await page.locator("body[data-state=locked]").count():
            return  # the pad takes no keys
        wanted = f"{result.round}/{result.board}"
        board = page.get_by_label("Board", exact=True)
        await page.wait_for_function(
            "(wanted) => [...document.getElementById('board').options]"
            ".some((o) => o.value === wanted)", arg=wanted)
        if await board.input_value() != wanted:
            await board.select_option(wanted)
        await enter(page, result.contract, result.declarer, result.tricks, result.lead)

    async def shows(self, result: Result) -> bool | None:
        held: Any = await self.opened.evaluate(
            "(key) => pad.mem.entries[key] && pad.mem.entries[key].body",
            f"{result.round}/{result.board}")
        return bool(held) and (held["contract"], held["declarer"], held["tricks"]) == (
            result.contract, result.declarer, result.tricks)

    async def shows_locked(self) -> bool | None:
        return await self.opened.locator("body[data-state=locked]").count() == 1

    async def pair_again(self) -> bytes | None:
        """The director pairs the unit again (as the API does) and the players open the new
        pairing link on the same phone: the page takes the new key by its code (SPEC 10.5)."""
        page, station = self.opened, self.station
        await page.get_by_role("alert").filter(has_text="key was replaced").wait_for()
        old = await page.evaluate("() => pad.mem.key")
        state = await station.director.pair_unit(UNIT)
        if state.key.hex() == old:  # the unit was new to this station: epoch 0 is the pad's
            state = await station.director.pair_unit(UNIT)
        code = station.pairing.issue(UNIT)
        base = self.link.split("#", 1)[0]
        await page.goto("about:blank")  # a new link in the same tab: the page loads anew
        await page.goto(f"{base}#code={code}&broker=ws://127.0.0.1:{self.broker}")
        await page.wait_for_selector("body[data-link=online]")
        return state.key

    async def close(self) -> None:
        if self.page is not None:
            await self.page.context.close()


async def test_the_browser_pad_passes_every_clause(
        broker: Broker, make_station: Callable[..., Any], browser: Browser) -> None:
    # The station only serves the page and pairs the pad; the kit is the station on the
    # broker the pad is sent to.
    station: Station = await make_station()
    async for url in serve(station):
        code = station.pairing.issue(UNIT)
        link = f"{url}/pad#code={code}&broker=ws://127.0.0.1:{broker.websockets}"
        operator = BrowserOperator(browser, link, station, broker.websockets)
        # The kit's steps and when each began, to say where it stalled should it ever (one
        # run in some hundred takes 300 s instead of 90, not yet seen with these).
        said: list[str] = []
        began = time.monotonic()

        def step(what: str, said: list[str] = said, began: float = began) -> None:
            said.append(f"{time.monotonic() - began:.0f} s: {what}")

        kit = Kit(MqttKitLink("127.0.0.1", broker.port, station.config.id, UNIT), UNIT,
                  station.hub.key_for(UNIT), operator, KitOptions(silence=6.0), step)
        try:
            async with asyncio.timeout(KIT_RUNS_WITHIN):
                verdicts = await kit.run()
        except TimeoutError:
            pytest.fail(f"the kit stalled in its step {said[-1:]} after {len(kit.frames)} "
                        f"frames from the pad, {len(kit.verdicts)} verdicts; steps: {said}")
        finally:
            await operator.close()
        # The limit's cancellation, should something on the way swallow it, would end the run
        # early with the verdicts so far: cut short is a stall, not a pass.
        assert time.monotonic() - began < KIT_RUNS_WITHIN, f"the kit was cut short: {said}"
        assert [v for v in verdicts if v.outcome != Outcome.PASS] == [], \
            ([(v.clause, v.checked, v.outcome, v.sentence) for v in verdicts], said)
        assert {v.clause for v in verdicts} == {"4", "6.2", "6.3", "6.4", "6.6", "7", "8"}
