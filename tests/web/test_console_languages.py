"""The director's pages' language (issue 52): the browser's Accept-Language until the director
chooses one on a page; the choice stays in this browser and every page is made in it; the
club's language when the browser asks for none shipped. A refusal comes back in the page's
words from its key. Real Chromium, a real station; found by role and accessible name."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, expect

from basestation.station.app import Station
from basestation.web.language import COOKIE, preferred
from tests.web.conftest import serve
from tests.web.pseudo import said

pytestmark = pytest.mark.integration


def test_accept_language_is_read_by_quality_then_order() -> None:
    assert preferred("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == [
        "fr-ch", "fr", "en", "de"]
    assert preferred("en;q=0.1, pl") == ["pl", "en"]
    assert preferred("de;q=0, nl;q=x, it") == ["it"]
    assert preferred("") == []


async def test_the_console_follows_the_browser_until_the_director_chooses(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context(locale="de-DE")
        page = await context.new_page()
        await page.goto(url + "/history")
        await expect(page.locator("html")).to_have_attribute("lang", "de")
        choice = page.get_by_label(said("de", "Language"))
        await expect(choice).to_have_value("de")
        # The director chooses French: this page and the next are made in it.
        await choice.select_option("fr")
        await expect(page.locator("html")).to_have_attribute("lang", "fr")
        await expect(page.get_by_label(said("fr", "Language"))).to_have_value("fr")
        await page.goto(url + "/results")
        await expect(page.locator("html")).to_have_attribute("lang", "fr")
        assert any(c["name"] == COOKIE and c["value"] == "fr" for c in await context.cookies())
        # Another page, still French; the login form in French.
        await page.goto(url + "/history")
        await expect(page.get_by_role("button", name=said("fr", "Log in"))).to_be_attached()
        await context.close()


async def test_a_browser_asking_for_no_shipped_language_gets_the_clubs(
        mosquitto: int, make_station: Callable[..., Any]) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    object.__setattr__(station.config, "club_language", "nl")
    async for url in serve(station):
        async with httpx.AsyncClient() as client:
            page = await client.get(url + "/history", headers={"Accept-Language": "ja, ko"})
            assert '<html lang="nl"' in page.text
            assert page.headers["content-language"] == "nl"
            page = await client.get(url + "/history", headers={"Accept-Language": "es-AR"})
            assert '<html lang="es"' in page.text
            # Made and compressed once a language, with an ETag: the browser's copy holds
            # until its language is another.
            assert page.headers["content-encoding"] == "gzip"
            assert {"Accept-Language", "Cookie", "Accept-Encoding"} <= {
                part.strip() for part in page.headers["vary"].split(",")}
            held = {"Accept-Language": "es-AR", "If-None-Match": page.headers["etag"]}
            again = await client.get(url + "/history", headers=held)
            assert again.status_code == 304 and again.headers["content-language"] == "es"
            other = await client.get(url + "/history", headers={**held, "Accept-Language": "de"})
            assert other.status_code == 200 and '<html lang="de"' in other.text
        async with httpx.AsyncClient(cookies={COOKIE: "pl"}) as client:
            chosen = await client.get(url + "/history", headers={"Accept-Language": "es"})
            assert '<html lang="pl"' in chosen.text
        async with httpx.AsyncClient(cookies={COOKIE: "zz"}) as client:
            unknown = await client.get(url + "/history")
            assert '<html lang="nl"' in unknown.text


async def test_a_refusal_comes_back_in_the_pages_words(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context()
        await context.add_cookies([{"name": COOKIE, "value": "xx", "url": url}])
        page = await context.new_page()
        await page.goto(url + "/history")
        await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        # A wrong password: the refusal's key, in the page's (pseudo-)language.
        await page.get_by_label("[~Password~]").fill("not the password")
        await page.get_by_role("button", name="[~Log in~]").click()
        error = page.locator("#login-error")
        await expect(error).to_have_text(re.compile(r"^\[~.*~\]$"))
        await context.close()
