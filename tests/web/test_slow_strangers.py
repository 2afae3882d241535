"""A stranger with ten addresses holding slow HTTP connections against the station served for
real: a thousand of them, each dripping its headers a byte a second and opened again as soon
as the station closes it. The director's grid still loads (logged in, live) and a pad still
pairs by its link and logs in to its table, in a real browser (api/serving.py: a connection
still waiting for its headers gives way to a new one, from the address holding most).

How fast they get in is a figure of `basestation faults --only strangers`, held there to 10 s;
this test allows 90 s, for a machine running other suites beside it."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser

from basestation.api.serving import ServerLimits
from simulator.slow_http import FILLED
from tests.web.conftest import login
from tests.web.padclub import Club, broker, club
from tests.web.padpage import log_in

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures

ROOT = Path(__file__).resolve().parents[2]
ADDRESSES, PER_ADDRESS = 10, 100  # 127.0.0.2 to 127.0.0.11


async def test_slow_http_strangers_leave_the_grid_and_a_pads_pairing_in(
        club: Club, browser: Browser) -> None:
    port = urlsplit(club.url).port
    stranger = subprocess.Popen(
        [sys.executable, "-m", "simulator.slow_http", str(port), "127.0.0.2",
         str(ADDRESSES), str(PER_ADDRESS)], cwd=ROOT, stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True)
    try:
        assert stranger.stdout is not None
        async with asyncio.timeout(120):  # the station's 400 connections the stranger's
            while int((await asyncio.to_thread(stranger.stdout.readline)).split()[1]) \
                    < FILLED * ServerLimits().connections:
                pass
        loop = asyncio.get_running_loop()
        began = loop.time()
        page = await browser.new_page(viewport={"width": 1024, "height": 768})
        await page.goto(club.url + "/")
        await login(page)  # and the live stream is open
        await page.get_by_role("table", name="Section A players").wait_for()
        grid_s = loop.time() - began
        began = loop.time()
        pad = await club.pad(17)  # the pairing link: the page, its scripts, the code's key
        await log_in(pad, 1)
        pad_s = loop.time() - began
        print(f"grid {grid_s:.1f} s, pad {pad_s:.1f} s under {ADDRESSES * PER_ADDRESS} slow "
              "connections")
        # 1-2 s on a quiet machine; 14 s and 34 s were seen for the grid in loaded suites
        # (the station in the worker's own process, sharing its core). It checks they get
        # in, not how fast: `basestation faults` reports that, and holds it to 10 s.
        assert grid_s < 90 and pad_s < 90, (grid_s, pad_s)
        assert stranger.poll() is None  # still at it throughout
        opened, held = map(int, (await asyncio.to_thread(stranger.stdout.readline)).split())
        # Still holding a good share of the cap: on a busy machine the stranger re-opens
        # slower than newcomers close its oldest, so what it holds at the end varies.
        assert opened >= ADDRESSES * PER_ADDRESS and held >= 100
        await page.close()
    finally:
        if stranger.stdin is not None:
            stranger.stdin.close()
        try:
            stranger.wait(timeout=10)
        except subprocess.TimeoutExpired:
            stranger.kill()
            stranger.wait()
