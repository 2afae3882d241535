"""Browser tests: the app served by uvicorn in this event loop (so the station, the test pads
and the server share it), driven by Debian's Chromium through Playwright's async API."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from playwright.async_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    async_playwright,
    expect,
)

from basestation.station.app import Station
from firmware_protocol.messages import Ack, Body, Login, Nak
from tests.integration.conftest import make_station
from tests.pads import MqttPad
from tests.servers import free_port, serve_station
from tests.web.chromium import CHROMIUM, CHROMIUM_ARGS, SharedChromium

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "make_station"]

ARTIFACTS = Path("test-artifacts")  # each test's own: see the `artifacts` fixture
PASSWORD = "change-me"  # the station config's default director password
# What a page's waits and expect() allow when a test names no time of its own: Playwright's
# 30 s and 5 s are short on a machine busy with other suites (a wait that passes ends early).
WAIT_MS = 60_000
expect.set_options(timeout=20_000)
B = TypeVar("B", bound=Body)


@pytest.fixture(autouse=True)
def artifacts(tmp_path: Path, request: pytest.FixtureRequest,
              monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where a test's screenshots, PDFs and figures go: a folder in its own tmp_path (what
    `screenshot` and ARTIFACTS name while it runs, in its module too if it imported it)."""
    folder = tmp_path / "artifacts"
    monkeypatch.setitem(globals(), "ARTIFACTS", folder)
    if hasattr(request.module, "ARTIFACTS"):
        monkeypatch.setattr(request.module, "ARTIFACTS", folder)
    return folder


async def serve(station: Station) -> AsyncIterator[str]:
    async with serve_station(station) as url:
        yield url


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[SharedChromium]:
    """The worker's one Chromium (tests/web/chromium.py)."""
    chromium = SharedChromium(free_port())
    yield chromium
    chromium.close()


@pytest.fixture
async def browser(shared_chromium: SharedChromium) -> AsyncIterator[Browser]:
    """Chromium (the worker's, connected to afresh; the test's contexts and pages are closed
    after it); any page it opens that breaks the station's Content-Security-Policy (an
    inline script or style, a handler attribute, a source not allowed) fails the test.
    Give `wait_for_function` a function ("() => ..."): an expression is run with eval,
    which the policy refuses."""
    endpoint = await asyncio.to_thread(shared_chromium.endpoint)
    async with async_playwright() as p:
        chromium = await p.chromium.connect_over_cdp(endpoint)
        broken = watch_policy(chromium)
        try:
            yield chromium
        finally:
            await chromium.close()
        assert not broken, f"Content-Security-Policy refused: {broken}"


def watch_policy(chromium: Browser) -> list[str]:
    """The CSP refusals Chromium reports on the console of every page opened from now on."""
    broken: list[str] = []
    new_context, new_page = chromium.new_context, chromium.new_page

    def heard(message: ConsoleMessage) -> None:
        # Another page refused the right to frame ours is the policy at work, not broken.
        if "Content Security Policy" in message.text and "frame-ancestors" not in message.text:
            broken.append(f"{message.page.url if message.page else '?'}: {message.text}")

    async def watched_context(**kwargs: Any) -> BrowserContext:
        context = await new_context(**kwargs)
        context.on("console", heard)
        context.set_default_timeout(WAIT_MS)
        return context

    async def watched_page(**kwargs: Any) -> Page:
        page = await new_page(**kwargs)
        page.context.on("console", heard)  # the page's own context: its pop-ups too
        page.context.set_default_timeout(WAIT_MS)
        return page

    chromium.new_context = watched_context  # type: ignore[method-assign]
    chromium.new_page = watched_page  # type: ignore[method-assign]
    return broken


@pytest.fixture
def station_size() -> tuple[int, int]:
    """Tables and boards of section A (a test may parametrize it)."""
    return 3, 6


@pytest.fixture
async def director_page(mosquitto: int, make_station: Callable[..., Any], browser: Browser,
                        station_size: tuple[int, int]) -> AsyncIterator[tuple[Station, Page, int]]:
    """A station on a real broker, the app, and a page logged in at the grid."""
    tables, boards = station_size
    station: Station = await make_station(mqtt_port=mosquitto, tables=tables, boards=boards)
    async for url in serve(station):
        page = await browser.new_page(viewport={"width": 1024, "height": 768})
        await page.goto(url + "/")
        await login(page)
        yield station, page, mosquitto
        await page.close()


async def login(page: Page) -> None:
    await page.wait_for_selector("#login:not([hidden])")
    await page.fill("#password", PASSWORD)
    await page.click("#login button[type=submit]")
    await page.wait_for_selector("#login", state="hidden")
    await page.wait_for_selector("body[data-live=yes]")


async def refresh_grid(page: Page) -> None:
    """The grid page reads the station again now, as its slow timer would (its one refresh,
    from the module every panel asks)."""
    await page.evaluate("async () => (await import('/static/grid_state.js')).refresh()")


async def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


async def next_of(pad: MqttPad, kind: type[B], timeout: float = 20.0) -> B:
    """The next message of `kind` the pad receives (others are passed over)."""
    async with asyncio.timeout(timeout):
        while True:
            body = (await pad.inbox.get()).body
            if isinstance(body, kind):
                return body


async def acked(pad: MqttPad, seq: int, timeout: float = 20.0) -> Ack:
    async with asyncio.timeout(timeout):
        while True:
            body = (await pad.inbox.get()).body
            if isinstance(body, Ack | Nak) and body.re == seq:
                assert isinstance(body, Ack), body
                return body


async def log_in_pad(pad: MqttPad, table: int, **kwargs: Any) -> None:
    await acked(pad, pad.send(Login(section="A", table=table, **kwargs)))


class Questions(list[str]):
    """The questions a page asked, in order. A dialog reaches the test a moment after the
    click that opened it, so read the one a click asks through `on`."""

    async def on(self, action: Awaitable[None], timeout: float = 10) -> str:
        """Does `action` and returns the question it made the page ask."""
        before = len(self)
        await action
        async with asyncio.timeout(timeout):
            while len(self) <= before:
                await asyncio.sleep(0.02)
        return self[-1]


def accept_dialogs(page: Page, replies: list[str] | None = None, *,
                   refuse: str | None = None) -> Questions:
    """Says yes to every confirm and prompt on the page (a prompt keeps its default, or
    takes the next of `replies` while there are any), no to one whose question holds
    `refuse`; returns the list the questions asked are added to."""
    asked = Questions()

    async def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        if refuse is not None and refuse in dialog.message:
            await dialog.dismiss()
            return
        typed = replies.pop(0) if replies and dialog.type == "prompt" else dialog.default_value
        await dialog.accept(typed)

    page.on("dialog", answer)
    return asked
