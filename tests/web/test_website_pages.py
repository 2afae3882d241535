"""The published website (issue 22) in Chromium: every page of `basestation publish`'s folder
opens from file:// with JavaScript off and reads by role and label (rankings with names and
national numbers, travellers with the hands and par, score cards, the competition's ladder),
and axe-core finds nothing serious on any of them."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.async_api import Browser, expect

from basestation.station.app import Station
from tests.api.test_exports import PLAYERS as EXPORT_PLAYERS
from tests.api.test_exports import _match_event, _seat
from tests.api.test_website import DEALS, config_of, played, publish
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, serve


async def test_the_website_reads_without_script_from_a_folder(
        make_station: Callable[..., Any], browser: Browser, tmp_path: Path) -> None:
    station: Station = await make_station()
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
            await http.post("/api/login", json={"password": PASSWORD})
            events, _ = await played(http, station)
    out = tmp_path / "site"
    code, said = publish(config_of(station, tmp_path), str(events[-1]), "--out", str(out))
    assert code == 0, said

    reader = await browser.new_context(java_script_enabled=False)
    page = await reader.new_page()
    await page.goto((out / "index.html").as_uri())
    await expect(page.get_by_role("heading", name="Tuesday 17: results")).to_be_visible()
    contents = page.get_by_role("main")
    await expect(contents.get_by_role("link", name="USEBIO XML")).to_have_attribute(
        "href", "results.xml")
    await expect(contents.get_by_role("link", name="Scorer's XML")).to_have_attribute(
        "href", "scorer.xml")

    await contents.get_by_role("link", name="Rankings").click()
    rankings = page.get_by_role("table", name="Section A NS")
    row = rankings.get_by_role("row", name="Player 101 & Player 102")
    await expect(row).to_contain_text("NZB 101, NZB 102")
    await row.get_by_role("link", name="Score card of pair 1 NS").click()
    card = page.get_by_role("table", name="Score card of Pair 1 NS, section A")
    await expect(card).to_be_visible()
    await card.get_by_role("link", name="1", exact=True).click()

    board = page.get_by_role("region", name="Board 1")
    north = board.get_by_role("group", name="Hands of Board 1").get_by_role(
        "group", name="North")
    spades = DEALS[1].split()[0][2:].split(".")[0].replace("T", "10")
    await expect(north.get_by_role("listitem").first).to_have_text(f"♠spades: {spades}")
    await expect(board.get_by_text("Par: ")).to_be_visible()
    results = board.get_by_role("table", name="Results of Board 1")
    await expect(results).to_be_visible()
    # In result notation with the NS score, as the pads write them (4♠+1, +450): suits as
    # symbols in every language.
    headers = await results.get_by_role("columnheader").all_inner_texts()
    assert headers[2:6] == ["Result", "By", "Lead", "NS score"]
    for row in (await results.get_by_role("row").all())[1:]:
        cells = await row.get_by_role("cell").all_inner_texts()
        assert re.fullmatch(r"[1-7](♣|♦|♥|♠|NT)X{0,2}([+-]\d+|=)|Pass|adjusted .*|not played",
                            cells[2]), cells
        assert re.fullmatch(r"[+-]\d+|0|", cells[5]), cells

    await page.get_by_role("navigation").get_by_role(
        "link", name="Ladder: Darwin three-night match").click()
    ladder = page.get_by_role("table", name="Ladder of Darwin three-night match")
    await expect(ladder.get_by_role("row", name="Player 103")).to_contain_text("NZB 103")
    await expect(page.get_by_role("table", name="Not qualified").get_by_role(
        "row", name="Player 101")).to_contain_text("played every session with the same partner")
    pages = sorted(p for p in out.iterdir() if p.suffix == ".html")
    for html in pages:  # every page reads with script off, its links within the folder
        await page.goto(html.as_uri())
        await expect(page.get_by_role("heading", level=1)).to_be_visible()
        for href in await page.get_by_role("link").evaluate_all(
                "links => links.map(a => a.getAttribute('href'))"):
            assert (out / href.split("#")[0]).exists(), (html.name, href)
    await reader.close()

    checker = await browser.new_page()
    for html in sorted(p for p in out.iterdir() if p.suffix == ".html"):
        await checker.goto(html.as_uri())
        assert await serious_violations(checker) == [], html.name
    await checker.close()


async def test_the_director_downloads_the_website_from_the_results_page(
        make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station()
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
            await http.post("/api/login", json={"password": PASSWORD})
            events, _ = await played(http, station)
            await http.post(f"/api/events/{events[0]}/publish", json={"published": False})
        page = await browser.new_page(accept_downloads=True)
        await page.goto(f"{url}/results?event={events[-1]}")
        await page.get_by_role("button", name="Director's login").click()
        await page.get_by_label("Password").fill(PASSWORD)
        await page.get_by_role("button", name="Log in").click()
        button = page.get_by_role("button", name="Publish the website for this event")
        await expect(button).to_be_visible()
        async with page.expect_download() as waiting:
            await button.click()
        download = await waiting.value
        assert download.suggested_filename == f"results-{events[-1]}.zip"
        with zipfile.ZipFile(await download.path()) as archive:
            assert f"results-{events[-1]}/rankings.html" in archive.namelist()
        await expect(page.get_by_role("status")).to_contain_text(
            f"The website of Tuesday 17 is downloaded as results-{events[-1]}.zip")
        assert await serious_violations(page) == []

        await page.get_by_label("Event").select_option(str(events[0]))
        await button.click()
        await expect(page.get_by_role("status")).to_have_text(
            "The results of Tuesday 3 are not published yet: publish them first (the grid's "
            "Publish, or the results page's 'Publish these results'); nothing was written.")
        await page.close()


async def test_a_teams_events_website_reads_without_script(
        make_station: Callable[..., Any], browser: Browser, tmp_path: Path) -> None:
    station: Station = await make_station()
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
            await http.post("/api/login", json={"password": PASSWORD})
            await http.post("/api/players/csv", json={"csv": EXPORT_PLAYERS})
            data = await _match_event(http, "teams")
            await _seat(station, ("A", 1, "NS"), (101, 102))
            await http.post(f"/api/events/{station.session.event_id}/publish",
                            json={"published": True})
    out = tmp_path / "teams"
    code, said = publish(config_of(station, tmp_path), str(station.session.event_id),
                         "--out", str(out))
    assert code == 0, said
    reader = await browser.new_context(java_script_enabled=False)
    page = await reader.new_page()
    await page.goto((out / "index.html").as_uri())
    await page.get_by_role("main").get_by_role("link", name="Standings").click()
    await expect(page.get_by_role("table", name="Section A").get_by_role(
        "row", name="Ann Smith")).to_contain_text("NZB 4411")
    await page.get_by_role("navigation").get_by_role("link", name="Matches").click()
    match = data["sections"][0]["matches"][0]
    await expect(page.get_by_role("table", name=f"Boards of round 1, {match['a']} v "
                                                f"{match['b']}")).to_be_visible()
    await reader.close()
    checker = await browser.new_page()
    for html in ("index.html", "standings.html", "matches.html"):
        await checker.goto((out / html).as_uri())
        assert await serious_violations(checker) == [], html
    await checker.close()
