"""The API's /docs page in Chromium, served for real: Swagger UI from the station's own files,
no request to any other host, and a Content-Security-Policy that allows no script from one."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx
import pytest
from playwright.async_api import Browser, Request, expect

from basestation.station.app import Station
from tests.web.conftest import serve

pytestmark = pytest.mark.integration


async def test_docs_load_nothing_from_another_host(make_station: object,
                                                   browser: Browser) -> None:
    station: Station = await make_station()  # type: ignore[operator]
    async for url in serve(station):
        async with httpx.AsyncClient(timeout=10) as client:
            policy = (await client.get(url + "/docs")).headers["content-security-policy"]
        [scripts] = [part.split()[1:] for part in policy.split("; ")
                     if part.startswith("script-src")]
        assert scripts[0] == "'self'" and all(s.startswith("'sha256-") for s in scripts[1:])
        assert "http" not in policy.replace("https:", "").replace("http:", "")
        page = await browser.new_page()
        hosts: list[str] = []

        def heard(request: Request, hosts: list[str] = hosts) -> None:
            if not request.url.startswith("data:"):
                hosts.append(urlsplit(request.url).netloc)

        page.on("request", heard)
        await page.goto(url + "/docs")
        # Swagger UI has read the API's document and lists its operations.
        await expect(page.get_by_text("/api/grid", exact=True).first).to_be_visible()
        assert set(hosts) == {urlsplit(url).netloc}
        await page.close()
