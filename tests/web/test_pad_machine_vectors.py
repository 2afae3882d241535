"""The browser pad (padcore.js) replays the reference pad's behaviour vectors in Chromium, so
it and the simulator's pad (built on firmware_protocol/pad_machine.py) cannot drift apart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.async_api import Browser, Route

from firmware_protocol.vectors.make_pad_vectors import FILE

STATIC = Path(__file__).parents[2] / "basestation" / "web" / "static"
REPLAY = (Path(__file__).parent / "pad_vectors.js").read_text(encoding="utf-8")
ORIGIN = "http://pad.test"  # no server: the page's files are answered from the directory
BLANK = "<!doctype html><title>pad vectors</title>"


async def static_file(route: Route) -> None:
    name = route.request.url.removeprefix(ORIGIN + "/static/")
    if route.request.url == ORIGIN + "/":
        await route.fulfill(content_type="text/html", body=BLANK)
    else:
        await route.fulfill(content_type="text/javascript", path=STATIC / name)


async def test_padcore_replays_every_behaviour_vector(browser: Browser) -> None:
    vectors: dict[str, Any] = json.loads(FILE.read_text(encoding="ascii"))
    page = await browser.new_page()
    await page.route(ORIGIN + "/**", static_file)
    await page.goto(ORIGIN + "/")
    await page.add_script_tag(path=STATIC / "vendor" / "sha256.min.js")  # a classic script
    # padcore.js and padwire.js are ES modules: pad_vectors.js imports them.
    replayed: dict[str, list[dict[str, Any]]] = await page.evaluate(REPLAY, vectors)
    wrong = []
    for scenario in vectors["scenarios"]:
        got = replayed[scenario["name"]]
        for index, (done, step) in enumerate(zip(got, scenario["steps"], strict=True)):
            if done != step["expect"]:
                wrong.append((scenario["name"], index, step["event"], done, step["expect"]))
                break  # the first difference of each scenario tells
    assert not wrong, "\n".join(map(str, wrong))
    assert len(replayed) == len(vectors["scenarios"])
