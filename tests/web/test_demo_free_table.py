"""`basestation demo` leaves table A1 to the person running it: the printed link opens the
browser pad, whose login form is set to the free table's section, and which reaches the demo's
broker over WebSockets and logs in to the free table while the simulated room plays the
others."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest
from playwright.async_api import Browser

from tests.servers import running_demo
from tests.web.conftest import PASSWORD

pytestmark = pytest.mark.integration
LINK = re.compile(r"Pad link: (http://127\.0\.0\.1:(\d+)/pad#\S+)")


async def test_the_printed_link_plays_the_free_table(browser: Browser) -> None:
    async with running_demo("--tables", "3", "--speed", "60") as demo:
        # The invitation is printed line by line: read on until its last line is in too.
        async with asyncio.timeout(60):
            while not ((found := LINK.search(demo.printed))
                       and "This link works on this computer only" in demo.printed):
                assert demo.process.returncode is None, demo.said()
                await asyncio.sleep(0.1)
        printed = demo.printed
        assert "section A, table 1 is left free for you" in printed
        assert "▄" in printed  # the QR code, in the terminal's block characters
        link, port = found.group(1), found.group(2)
        # A one-time pairing code, never the key (SPEC 10.5).
        assert "code=" in link and "key=" not in link
        assert "broker=ws%3A%2F%2F127.0.0.1%3A" in link
        assert "The link works once" in printed

        context = await browser.new_context(viewport={"width": 375, "height": 667})
        try:
            page = await context.new_page()
            await page.goto(link)
            await page.wait_for_selector("body[data-link=online]", timeout=30000)
            assert page.url == f"http://127.0.0.1:{port}/pad"  # the code left the address bar
            # The login form opens on the free table's section: only the table is keyed.
            await page.get_by_role("heading", name="Log in to your table").wait_for()
            assert await page.get_by_label("Section").input_value() == "A"
            await page.get_by_label("Table").fill("1")
            await page.get_by_role("button", name="Log in").click()
            await page.wait_for_selector("body[data-state=play]")
            # The station holds table A1 for the browser pad's unit, the room the rest.
            async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", headers={"Origin": f"http://127.0.0.1:{port}"},
                                         timeout=60) as director:  # busy machine
                assert (await director.post("/api/login",
                                            json={"password": PASSWORD})).is_success
                async with asyncio.timeout(60):
                    while True:
                        grid = (await director.get("/api/grid")).json()
                        section_a = next(s for s in grid["sections"] if s["section"] == "A")
                        tables = {t["table"]: t for t in section_a["tables"]}
                        played = sum(c["done"] for t in (2, 3) for c in tables[t]["cells"])
                        if played:
                            break
                        await asyncio.sleep(0.3)
                assert tables[1]["unit"] == 100 and tables[1]["state"] == "logged_in"
        finally:
            await context.close()
