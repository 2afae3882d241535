"""The pages under their security headers, in real Chromium against the real server: every
page works with the Content-Security-Policy (no inline script anywhere: the browser fixture
fails a test on any refusal), none can be framed by another page, a page on another port of
the same host cannot act as the logged-in director, and who plays and the club's list are the
director's to see."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.async_api import Browser, Page, Request, Route, expect

from basestation.station.app import Station
from basestation.web.pages import PAGES as ALL_PAGES
from tests.servers import serve_station
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, login, screenshot, serve

pytestmark = pytest.mark.integration

PAGES = tuple(ALL_PAGES)


def other_port(url: str) -> str:
    """The station's host on another port: a page there is same-site for the cookie."""
    parts = urlsplit(url)
    return f"http://{parts.hostname}:{(parts.port or 80) + 1}"


async def serve_there(page: Page, url: str, html: str) -> None:
    """Answers `url` (never reaching the network) with `html`, as another server would."""
    async def answer(route: Route) -> None:
        await route.fulfill(status=200, content_type="text/html", body=html)

    await page.route(url, answer)


async def test_every_page_works_under_the_policy(
        director_page: tuple[Station, Page, int]) -> None:
    _, page, _ = director_page
    base = page.url.rstrip("/")
    # A module that fails to load or to link (an import its file does not export) is an
    # uncaught error on the page.
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    for path in PAGES:
        answer = await page.goto(base + path)
        assert answer is not None and answer.ok
        assert "script-src 'self';" in (await answer.all_headers())["content-security-policy"]
        # Its scripts ran (a refused one is reported by the browser fixture).
        await expect(page.get_by_role("heading", level=1).filter(visible=True)).to_be_visible()
        await page.wait_for_load_state("load")
        await page.wait_for_timeout(300)
    assert not errors
    # The printable guide cards: their own style, allowed by its hash, applied.
    cards = await page.goto(base + "/api/setup/cards?letter=A&movement=mitchell&tables=3"
                                   "&boards=6&title=Friday")
    assert cards is not None and cards.ok
    border = await page.locator(".card").first.evaluate(
        "(card) => getComputedStyle(card).borderTopStyle")
    assert border == "solid"


async def test_no_other_page_can_frame_the_grid(director_page: tuple[Station, Page, int],
                                                browser: Browser) -> None:
    _, page, _ = director_page
    grid = page.url
    lure = await browser.new_page()
    there = other_port(grid) + "/lure"
    await serve_there(lure, there, f'<html><body><h1>Win a prize</h1>'
                                   f'<iframe title="grid" src="{grid}"></iframe></body></html>')
    await lure.goto(there)
    await lure.wait_for_timeout(1000)
    framed = next(f for f in lure.frames if f != lure.main_frame)
    # Refused by the browser: an error page stands in the frame, nothing of the grid.
    assert framed.url.startswith("chrome-error://")
    assert await framed.locator("#event-name, #login").count() == 0
    await lure.close()


async def test_a_page_on_another_port_cannot_act_as_the_director(
        director_page: tuple[Station, Page, int], browser: Browser) -> None:
    station, page, _ = director_page
    station_url = page.url.rstrip("/")
    # The director's browser: logged in, the cookie at hand for any page of the host.
    context = await browser.new_context()
    await context.add_cookies(await page.context.cookies())
    lure = await context.new_page()
    there = other_port(station_url) + "/lure"
    await serve_there(lure, there, "<html><body><h1>Nothing to see</h1></body></html>")
    await lure.goto(there)
    # A simple request (no preflight) with the cookie, and a form posted to the station.
    # (Its answer is opaque to the page, so Chromium reports a failed fetch either way.)
    await lure.evaluate("""(url) => fetch(url + "/api/session/end",
        { method: "POST", credentials: "include", mode: "no-cors" }).catch(() => null)""",
                        station_url)
    async with lure.expect_navigation():
        await lure.evaluate("""(url) => {
            const form = document.createElement("form");
            form.method = "POST";
            form.action = url + "/api/running";
            document.body.append(form);
            form.submit();
        }""", station_url)
    assert "only from the station's own pages" in await lure.inner_text("body")
    assert not station.session.ended and station.session.running
    # The same change from the station's own page goes through.
    answer = await page.evaluate("""async () => (await fetch("/api/running", {
        method: "POST", credentials: "same-origin", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({running: false}) })).status""")
    assert answer == 200 and not station.session.running
    await context.close()


async def test_who_plays_is_shown_only_to_the_director(
        mosquitto: int, make_station: object, browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto)  # type: ignore[operator]
    await station.director.set_players({10234: "Ann Smith", 10567: "Bob Jones"})
    async for url in serve(station):
        page = await browser.new_page(viewport={"width": 1024, "height": 768})
        asked: list[str] = []

        def heard(request: Request, asked: list[str] = asked) -> None:
            asked.append(urlsplit(request.url).path)

        page.on("request", heard)
        await page.goto(url + "/")
        await page.wait_for_selector("body[data-live=yes]")
        seats = page.locator("#seats")
        await expect(seats).to_have_text("Log in as the director to see who plays.")
        assert "/api/seats" not in asked and "/api/players" not in asked
        assert await serious_violations(page) == []
        await screenshot(page, "grid-not-logged-in")
        await login(page)
        players = page.get_by_role("table", name="Section A players")
        await expect(players.get_by_role("row", name="NS pair 1 not seated")).to_be_visible()
        # Logging out takes the names away again.
        await page.get_by_role("button", name="Log out").click()
        await expect(seats).to_have_text("Log in as the director to see who plays.")
        await page.close()


async def test_a_players_results_are_the_directors_not_found_by_number(
        make_station: object, browser: Browser) -> None:
    station: Station = await make_station()  # type: ignore[operator]
    await station.director.set_players({10234: "Ann Smith", 10567: "Bob Jones"})
    async for url in serve(station):
        page = await browser.new_page(viewport={"width": 1024, "height": 768})
        asked: list[str] = []

        def heard(request: Request, asked: list[str] = asked) -> None:
            asked.append(urlsplit(request.url).path)

        page.on("request", heard)
        await page.goto(url + "/player-history?player=10234")
        await expect(page.get_by_text("A player's results name the player: they are the "
                                      "director's.")).to_be_visible()
        await expect(page.get_by_role("combobox", name="Player")).to_be_hidden()
        await expect(page.get_by_role("button", name="Show the player's results")).to_be_hidden()
        assert not [path for path in asked if path.startswith("/api/players")]
        assert "Ann Smith" not in await page.inner_text("body")
        assert await serious_violations(page) == []
        # The director chooses from the list, and sees the player asked for.
        await page.get_by_role("button", name="Director's login").click()
        await page.get_by_label("Password").fill(PASSWORD)
        await page.get_by_role("button", name="Log in").click()
        choice = page.get_by_role("combobox", name="Player")
        await expect(choice).to_be_visible()
        await expect(choice.get_by_role("option")).to_have_count(2)
        await expect(page.get_by_role("heading", name="Results of Ann Smith",
                                      exact=False)).to_be_visible()
        # Logging out takes the name away again.
        await page.get_by_role("button", name="Log out").click()
        await expect(page.get_by_role("heading", name="A player's results")).to_be_visible()
        assert "Ann Smith" not in await page.inner_text("body")
        await page.close()


async def test_a_busy_stations_refusal_is_asked_again_not_a_blank_page(
        make_station: Any, browser: Browser) -> None:
    """A station busy with a stranger's connections may refuse the page's first call (503)
    or drop it: the grid asks again, says so meanwhile, and the director logs in."""
    refused: list[str] = []

    async def busy_twice(route: Route, request: Request) -> None:
        if len(refused) == 2:
            await route.continue_()
            return
        refused.append(request.url)
        if len(refused) == 1:
            await route.fulfill(status=503, content_type="application/json",
                                body='{"detail": "The station is busy."}')
        else:
            await route.abort("connectionreset")

    station: Station = await make_station()
    async with serve_station(station) as url:
        page = await browser.new_page()
        await page.route("**/api/whoami", busy_twice)
        await page.goto(url + "/")
        await login(page)
        assert len(refused) == 2
        await expect(page.locator("#message")).to_be_empty()
        await page.close()
