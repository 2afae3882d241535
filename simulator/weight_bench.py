"""The pad's first load on the wire, in each shipped language (`basestation bench --only
weight`): a new phone's pad opened from its pairing link in headless Chromium, counted until
its login form is there and its link to the broker is up (issue 52: at most 150 KB).

- `pad_weight_{code}_wire_bytes`: every answer as Chromium had it on the wire (headers and
  body, gzipped where it was sent so), from DevTools;
- `pad_weight_{code}_body_bytes`: the same answers' bodies as the page read them (unpacked);
- `pad_weight_requests`: how many answers the first load took (the English one).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from simulator.broker import run_mosquitto_on_free_ports
from simulator.congress import SECRET, section_configs
from simulator.grid_bench import CHROMIUM, CHROMIUM_ARGS, _serving, chromium_missing

LANGUAGES = ("en", "nl", "fr", "de", "es", "it", "pl")


async def _first_load(browser: Any, link: str, code: str) -> tuple[int, int, int]:
    """(wire bytes, body bytes, answers) of one new pad's first load in language `code`."""
    context = await browser.new_context()
    await context.add_init_script(f"localStorage.setItem('bridgepad:language', '{code}')")
    page = await context.new_page()
    devtools = await context.new_cdp_session(page)
    await devtools.send("Network.enable")
    wire: dict[str, int] = {}
    body: dict[str, int] = {}

    def received(event: dict[str, Any]) -> None:
        body[event["requestId"]] = body.get(event["requestId"], 0) + int(event["dataLength"])

    def finished(event: dict[str, Any]) -> None:
        wire[event["requestId"]] = int(event["encodedDataLength"])

    devtools.on("Network.dataReceived", received)
    devtools.on("Network.loadingFinished", finished)
    await page.goto(link)
    await page.wait_for_selector("body[data-link=online]", timeout=30_000)
    await page.wait_for_selector("#login-table", state="visible", timeout=30_000)
    await context.close()
    return sum(wire.values()), sum(body[k] for k in wire if k in body), len(wire)


async def weight_stage() -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from basestation.station.app import Station
    from basestation.station.config import StationConfig

    figures: dict[str, Any] = {}
    with run_mosquitto_on_free_ports() as (port, websockets), \
            tempfile.TemporaryDirectory(prefix="weight-bench-") as tmp:
        config = StationConfig(id="club", secret=SECRET,
                               database=f"sqlite:///{Path(tmp) / 'club.db'}",
                               mqtt_url=f"mqtt://127.0.0.1:{port}")
        station = Station(config)
        station.open_event("Weight", "nz", section_configs([len(LANGUAGES)]))
        await station.start()
        try:
            async with asyncio.timeout(30):
                await station.connected()
            async with _serving(station) as url, async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                           args=CHROMIUM_ARGS)
                try:
                    for unit, code in enumerate(LANGUAGES, start=1):
                        code_given = station.pairing.issue(unit)
                        link = (f"{url}/pad#code={code_given}"
                                f"&broker=ws://127.0.0.1:{websockets}")
                        wire, body, answers = await _first_load(browser, link, code)
                        figures[f"pad_weight_{code}_wire_bytes"] = wire
                        figures[f"pad_weight_{code}_body_bytes"] = body
                        figures.setdefault("pad_weight_requests", answers)
                finally:
                    await browser.close()
        finally:
            await station.stop()
    return figures


def run_weight_bench() -> dict[str, Any]:
    """The weight stage's figures, or why it was skipped."""
    if why := chromium_missing():
        return {"weight_skipped": why}
    return asyncio.run(weight_stage())
