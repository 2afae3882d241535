"""Handicap pairs in Chromium (issue 49): the players' page lists the club with national
numbers and handicaps, imports a list with a handicap column, and saves a changed handicap;
a handicap event's results page shows the handicapped ranking and the raw one, each saying
which it is; a past session's file imported from the results page."""

from __future__ import annotations

import random

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.api.scorer_night import movements, play, seat_everyone
from tests.api.test_handicap_pairs import NIGHT, PLAYERS
from tests.api.test_past_files import PBN_GAMES
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, screenshot

pytestmark = pytest.mark.integration


async def test_handicaps_edited_on_the_players_page_place_a_handicap_night(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    url = page.url.rstrip("/")
    await page.goto(url + "/players")
    await page.get_by_label("Import a club list").set_input_files(files=[{
        "name": "club.csv", "mimeType": "text/csv", "buffer": PLAYERS.encode()}])
    await expect(page.get_by_role("status")).to_contain_text("40 players read from club.csv")
    players = page.get_by_role("table", name="The club's players")
    await expect(players.get_by_role("row", name="Player 101")).to_contain_text("NZB5001")
    box = page.get_by_label("Handicap of Player 101")
    await expect(box).to_have_value("-3")  # (101 % 19) - 9, as the file says
    await expect(page.get_by_label("Handicap of Player 107")).to_have_value("")
    await box.fill("-9")
    await page.get_by_label("Handicap of Player 107").fill("2.5")
    await page.get_by_role("button", name="Save the handicaps").click()
    await expect(page.get_by_role("status")).to_have_text(
        "Saved the handicaps of Player 101, Player 107.")
    assert (station.session.handicaps[101], station.session.handicaps[107]) == (-9, 2.5)
    assert await serious_violations(page) == []
    await screenshot(page, "club-players")

    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
        await http.post("/api/login", json={"password": PASSWORD})
        made = (await http.post("/api/events", json=NIGHT)).json()
        moves = await movements(http)
        await seat_everyone(http, moves)
        await play(http, moves, random.Random(49))
    await page.goto(url + f"/results?event={made['id']}")
    handicapped = page.get_by_role("table", name="Handicapped ranking, Section A NS")
    await expect(handicapped).to_be_visible()
    headers = await handicapped.get_by_role("columnheader").all_inner_texts()
    assert headers == ["Rank", "Pair", "Names", "Total", "Raw %", "Handicap", "Handicapped %",
                       "Raw place", "Boards", "Factored total", "In the room"]
    # Section A's EW pairs sat out a round against the phantom: their totals factored.
    ew = page.get_by_role("table", name="Handicapped ranking, Section A EW")
    cells = await ew.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()
    assert cells[9].endswith(" of 60")  # 10 boards of top 6, though 8 were played
    raw = page.get_by_role("table", name="Raw ranking, Section A NS")
    assert (await raw.get_by_role("columnheader").all_inner_texts())[0] == "Raw place"
    places = [cells[0] for cells in [await row.get_by_role("cell").all_inner_texts()
                                     for row in (await raw.get_by_role("row").all())[1:]]]
    assert [int(p.rstrip("=")) for p in places] == sorted(int(p.rstrip("=")) for p in places)
    await screenshot(page, "results-handicap")


async def test_a_past_session_is_imported_from_the_results_page(
        director_page: tuple[Station, Page, int]) -> None:
    _station, page, _ = director_page
    await page.goto(page.url.rstrip("/") + "/results")
    await page.wait_for_selector("#rankings >> text=No results yet.")  # the page has loaded
    await page.get_by_label("Import a past session").set_input_files(files=[{
        "name": "thursday.pbn", "mimeType": "text/plain", "buffer": PBN_GAMES.encode()}])
    said = page.locator("#import-state")
    await expect(said).to_have_text(
        "thursday.pbn: Thursday afternoon (2019-05-16) is in the history, 6 results; 4 "
        "players joined the club's list as visitors.")
    chosen = page.locator("#event-select option", has_text="Thursday afternoon")
    await expect(chosen).to_have_count(1)
    await page.get_by_label("Import a past session").set_input_files(files=[{
        "name": "thursday.pbn", "mimeType": "text/plain", "buffer": PBN_GAMES.encode()}])
    await expect(said).to_contain_text("imported already")
