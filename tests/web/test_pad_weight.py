"""The pad's first load on the wire (issue 52: at most 150 KB in any language), and the static
files' caching: gzip to a browser that takes it, an ETag from the content and a 304 for a
copy that still holds.

Real Chromium, a real station on a real mosquitto; the bytes are Chromium's own count of each
answer on the wire (headers and body as sent), from DevTools."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import expect

from tests.web.padclub import Club, broker, club

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
LANGUAGES = ["en", "nl", "fr", "de", "es", "it", "pl"]
MOST = 150 * 1000  # bytes on the wire before the pad can log in


async def first_load(club: Club, unit: int, code: str) -> tuple[int, list[dict[str, Any]]]:
    """The bytes a new phone's pad takes, in language `code`, until its login form is there
    and its link to the broker up; and each answer (url, bytes, gzipped)."""
    context = await club.browser.new_context()
    club.contexts.append(context)
    await context.add_init_script(f"localStorage.setItem('bridgepad:language', '{code}')")
    page = await context.new_page()
    devtools = await context.new_cdp_session(page)
    await devtools.send("Network.enable")
    answers: dict[str, dict[str, Any]] = {}

    def answered(event: dict[str, Any]) -> None:
        answers[event["requestId"]] = {"url": event["response"]["url"],
                                       "gzip": event["response"]["headers"].get(
                                           "content-encoding") == "gzip"}

    def finished(event: dict[str, Any]) -> None:
        answers.setdefault(event["requestId"], {"url": "?", "gzip": False})
        answers[event["requestId"]]["bytes"] = int(event["encodedDataLength"])

    devtools.on("Network.responseReceived", answered)
    devtools.on("Network.loadingFinished", finished)
    await page.goto(club.link(unit))
    await page.wait_for_selector("body[data-link=online]")
    await expect(page.locator("#login-table")).to_be_visible()
    await expect(page.locator("html")).to_have_attribute("lang", code)
    loaded = [a for a in answers.values() if "bytes" in a]
    return sum(a["bytes"] for a in loaded), loaded


async def test_the_pads_first_load_is_at_most_150_kb_in_each_language(club: Club) -> None:
    weights = {}
    for unit, code in enumerate(LANGUAGES, start=1):
        total, loaded = await first_load(club, unit, code)
        weights[code] = total
        static = [a for a in loaded if "/static/" in a["url"] or a["url"].endswith("/pad")]
        assert static and all(a["gzip"] for a in static if a["bytes"] > 1000), loaded
        assert total <= MOST, f"{code}: {total} bytes on the wire: {loaded}"
    print("pad's first load on the wire, bytes: "
          + ", ".join(f"{code} {total}" for code, total in weights.items()))


async def test_static_files_are_gzipped_tagged_and_answer_304(club: Club) -> None:
    request = club.browser.new_context
    context = await request()
    club.contexts.append(context)
    api = context.request
    plain = await api.get(f"{club.url}/static/padcore.js",
                          headers={"Accept-Encoding": "identity"})
    assert plain.status == 200 and "content-encoding" not in plain.headers
    size = len(await plain.body())
    etag = plain.headers["etag"]
    assert plain.headers["cache-control"] == "no-cache"  # kept, asked about each time
    assert plain.headers["x-content-type-options"] == "nosniff"  # the security headers kept
    assert plain.headers["content-type"].startswith("text/javascript")

    # Playwright's own client decodes gzip: the length sent is the compressed one.
    packed = await api.get(f"{club.url}/static/padcore.js",
                           headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.headers["vary"] == "Accept-Encoding"
    assert int(packed.headers["content-length"]) < size / 3
    assert len(await packed.body()) == size
    assert packed.headers["etag"] == etag

    same = await api.get(f"{club.url}/static/padcore.js",
                         headers={"If-None-Match": etag, "Accept-Encoding": "gzip"})
    assert same.status == 304 and await same.body() == b""
    assert same.headers["etag"] == etag
    assert "content-security-policy" in same.headers
    other = await api.get(f"{club.url}/static/padwire.js", headers={"If-None-Match": etag})
    assert other.status == 200 and other.headers["etag"] != etag

    assert (await api.get(f"{club.url}/static/nothing-here.js")).status == 404
    assert (await api.get(f"{club.url}/static/../pages.py")).status == 404
    assert (await api.post(f"{club.url}/static/pad.js")).status == 405

    # The pad's page, made with the club's language, is tagged and compressed the same way.
    pad = await api.get(f"{club.url}/pad", headers={"Accept-Encoding": "gzip"})
    assert pad.headers["content-encoding"] == "gzip" and "data-club=" in await pad.text()
    again = await api.get(f"{club.url}/pad", headers={"If-None-Match": pad.headers["etag"]})
    assert again.status == 304
