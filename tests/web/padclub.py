"""The browser pads' club for the pad tests: a station on a real mosquitto with WebSockets,
served, and browser pads opened by their pairing links, one-time codes (each its own browser
context, with its own storage, as a phone would be)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from basestation.station.app import Station
from simulator.broker import run_mosquitto, run_mosquitto_on_free_ports
from tests.web.conftest import serve
from tests.web.padpage import enter, stored

# The pad's ES modules, put on the page under the names the tests' scripts use (the page's own
# modules share nothing through globals; importing gives the very modules the page runs).
EXPOSE_MODULES = """async () => {
  window.PadCore = await import("/static/padcore.js");
  window.PadWire = await import("/static/padwire.js");
  window.PadWords = await import("/static/padwords.js");
}"""


@dataclass
class Broker:
    """mosquitto with a WebSockets listener, stopped and started again on the same ports: its
    first start picks them (again when another program takes one first)."""

    port: int = 0
    websockets: int = 0
    _running: contextlib.ExitStack | None = None

    def start(self) -> None:
        stack = contextlib.ExitStack()
        if self.port:  # started again: the pads know these ports
            stack.enter_context(run_mosquitto(port=self.port, websockets=self.websockets))
        else:
            self.port, self.websockets = stack.enter_context(run_mosquitto_on_free_ports())
        self._running = stack

    def stop(self) -> None:
        if self._running is not None:
            self._running.close()
            self._running = None


@pytest.fixture
def broker() -> Iterator[Broker]:
    running = Broker()
    running.start()
    yield running
    running.stop()


@dataclass
class Club:
    station: Station
    url: str
    broker: Broker
    browser: Browser
    contexts: list[BrowserContext] = field(default_factory=list)

    def link(self, unit: int) -> str:
        """A pairing link for `unit`, as the director's pairing gives (a one-time code, SPEC.md
        10.5), for the unit's key as it stands (the station's, unchanged unless re-paired)."""
        code = self.station.pairing.issue(unit)
        return f"{self.url}/pad#code={code}&broker=ws://127.0.0.1:{self.broker.websockets}"

    async def pad(self, unit: int, viewport: dict[str, int] | None = None) -> Page:
        size = viewport or {"width": 800, "height": 900}
        context = await self.browser.new_context(viewport=size)
        self.contexts.append(context)
        page = await context.new_page()
        await page.goto(self.link(unit))
        await page.wait_for_selector("body[data-link=online]")
        await page.evaluate(EXPOSE_MODULES)
        return page

    async def scripts(self) -> Page:
        """A pad page that is not paired: the pad's scripts alone, with no broker."""
        context = await self.browser.new_context()
        self.contexts.append(context)
        page = await context.new_page()
        await page.goto(self.url + "/pad")
        await page.wait_for_selector("body[data-state=unpaired]")
        await page.evaluate(EXPOSE_MODULES)
        return page


@pytest.fixture
async def club(broker: Broker, make_station: Callable[..., Any], browser: Browser,
               station_size: tuple[int, int]) -> AsyncIterator[Club]:
    """A station on a broker with WebSockets, served; its pads are browser contexts."""
    tables, boards = station_size
    station: Station = await make_station(mqtt_port=broker.port, tables=tables, boards=boards)
    async for url in serve(station):
        running = Club(station, url, broker, browser)
        yield running
        for context in running.contexts:
            await context.close()


def held(station: Station, table: int, round_: int, board: int) -> Any:
    return station.session.sections["A"].held(table, round_, board)


def pairs(station: Station, table: int, round_: int) -> tuple[int, int, tuple[int, ...]]:
    seat = station.session.sections["A"].movement.at(round_, table)
    assert seat is not None and seat.ns is not None and seat.ew is not None
    return seat.ns, seat.ew, seat.boards


async def play(club: Club, page: Page, table: int, round_: int) -> None:
    """The pad at `table` enters 3NT by North making 9 on each board of the round; each is
    held by the station before the next."""
    for _ in pairs(club.station, table, round_)[2]:
        board = await enter(page, "3NT", "N", 9)
        # After the round's last board a pad that moves with its pair may move on at once.
        await stored(page, round_, board, table=table)
        assert held(club.station, table, round_, board) is not None
