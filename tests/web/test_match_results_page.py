"""The results page for a Swiss teams event in real Chromium: the standings with the teams'
names, each round's matches with IMPs and VPs, a match opening its boards (both tables and
the IMPs per board), prints carrying the event's name and date, and the event read again
once it is past."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from playwright.async_api import Page

from basestation.station.app import Station
from firmware_protocol.messages import Players, Result, Seat
from tests.formats.test_handrecords_players import PBN
from tests.pads import MqttPad
from tests.web.conftest import ARTIFACTS, PASSWORD, acked, log_in_pad, screenshot

pytestmark = pytest.mark.integration

SWISS = {"name": "Swiss teams", "date": "2026-11-27", "format": "swiss-teams", "rounds": 3,
         "sections": [{"letter": "A", "tables": 4, "boards": 2}]}


async def play_swiss_round_one(station: Station, broker: int, url: str) -> int:
    """Round 1 (1 v 3 at tables 1 and 2, 2 v 4 at tables 3 and 4): 4S by South, made at the
    odd tables and one off at the even ones. Table 1 by a real pad whose players gave their
    numbers, the others by the director."""
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        opened = await director.post("/api/setup/event", json={
            **SWISS, "close_open": True, "hand_records": PBN,
            "players": [{"number": 12, "name": "Ann Smith"}, {"number": 7, "name": "Bob Brown"}]})
        assert opened.status_code == 201, opened.text
        async with MqttPad(broker, "club", 17) as pad:
            await log_in_pad(pad, 1)
            await acked(pad, pad.send(Players(section="A", table=1, round=1, north=12, east=0,
                                              south=7, west=0)))
            for board in (1, 2):
                await acked(pad, pad.send(Result(section="A", table=1, round=1, board=board,
                                                 ns=1, ew=3, contract="4S", declarer=Seat.S,
                                                 tricks=10)))
        for table in (2, 3, 4):
            for board in (1, 2):
                answer = await director.put(
                    f"/api/sections/A/tables/{table}/rounds/1/boards/{board}",
                    json={"contract": "4S", "declarer": "S", "tricks": 10 if table % 2 else 9})
                assert answer.is_success, answer.text
    async with asyncio.timeout(10):  # round 1 is in: round 2 is drawn
        while station.session.sections["A"].movement.rounds < 2:
            await asyncio.sleep(0.02)
    event_id = station.session.event_id
    assert event_id is not None
    return event_id


async def test_a_swiss_teams_nights_results_page(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    url = page.url.rstrip("/")
    tuesday = station.session.event_id
    swiss = await play_swiss_round_one(station, broker, url)
    await page.goto(f"{url}/results")
    standings = page.locator("#standings table.standings tbody tr")
    await standings.nth(3).wait_for()
    # Not the pairs' matchpoint rankings: standings by VPs, then Swiss points, then IMPs.
    assert not await page.locator("#rankings").is_visible()
    assert not await page.locator("#travellers-box").is_visible()
    first = await standings.first.locator("td").all_inner_texts()
    # Team 1 won 1 v 3 by 22 IMPs to 0 (10 on board 1, 12 on board 2): 20 VPs.
    assert first[:2] == ["1", "1"] and first[2] == "Ann Smith & Bob Brown"
    assert first[3] == "20.00" and first[5] == "22"
    names = page.locator("#standings table.standings tbody tr[data-entrant='3'] td")
    assert (await names.all_inner_texts())[2] == ""  # no numbers given at team 3's tables
    round_one = page.locator("#standings .round-matches[data-round='1'] tr.pick")
    assert await round_one.count() == 2
    assert await round_one.first.locator("td").all_inner_texts() == [
        "1 & 2", "Team 1 (Ann Smith & Bob Brown) v Team 3", "2/2", "22-0", "20.00-0.00"]
    round_two = page.locator("#standings .round-matches[data-round='2'] tr.pick")
    # club-directors-manual.txt, "Seeding and Draw for Swiss": round 2 is 1 v 2 and 3 v 4.
    assert await round_two.locator("td:nth-child(2)").all_inner_texts() == [
        "Team 1 (Ann Smith & Bob Brown) v Team 2", "Team 3 v Team 4"]
    assert await round_two.first.locator("td:nth-child(5)").inner_text() == "-"

    # A match opens its boards: both tables' results and the IMPs on each board.
    await round_one.first.click()
    sheet = page.locator("#match-boards:not([hidden]) .match-sheet")
    await sheet.wait_for()
    assert "Team 1 (Ann Smith & Bob Brown) v Team 3" in await sheet.locator("h3").inner_text()
    rows = sheet.locator("tbody tr")
    assert await rows.nth(0).locator("td").all_inner_texts() == [
        "1", "4♠= S", "+420", "4♠-1 S", "-50", "10", "0"]  # as the pads write them
    assert await rows.nth(1).locator("td").all_inner_texts() == [
        "2", "4♠= S", "+620", "4♠-1 S", "-100", "12", "0"]
    assert await page.locator("#standings tr.pick.chosen").count() == 1
    # Beside it, the hand records of its boards.
    deal = page.locator("#match-boards .traveller[data-board='1'] .deal")
    assert await deal.locator(".hand").count() == 4
    assert "♠ AKQJ" in await deal.locator(".N").inner_text()
    await screenshot(page, "results-swiss-match")
    # From the keyboard too: round 2's first match, nothing compared yet.
    await round_two.first.focus()
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#match-boards h3 >> text=Round 2")
    assert (await page.locator("#match-boards .match-total").inner_text()).endswith(
        "(0 of 2 boards compared)")
    await screenshot(page, "results-swiss")

    # Prints: the standings with the rounds, and a sheet for every match, each with the
    # event's name and date.
    heading = "Swiss teams, Friday 27 November 2026"
    await page.emulate_media(media="print")
    await page.evaluate("document.body.dataset.print = 'standings'")
    assert await page.locator("#standings").is_visible()
    assert not await page.locator("#match-boards").is_visible()
    assert await page.locator("#standings .print-event").inner_text() == heading
    ARTIFACTS.mkdir(exist_ok=True)
    await page.pdf(path=str(ARTIFACTS / "swiss-standings.pdf"))
    await page.evaluate("document.body.dataset.print = 'matchsheets'")
    sheets = page.locator("#match-sheets .match-sheet")
    assert await sheets.count() == 4 and await sheets.first.is_visible()
    assert not await page.locator("#standings").is_visible()
    for text in await page.locator("#match-sheets .print-event").all_inner_texts():
        assert text == heading
    await screenshot(page, "print-match-sheets")
    await page.pdf(path=str(ARTIFACTS / "swiss-match-sheets.pdf"))
    await page.emulate_media(media="screen")
    await page.evaluate("document.body.dataset.print = 'all'")

    # A pairs event shows its rankings as before; the past Swiss event its standings.
    await page.select_option("#event-select", str(tuesday))
    await page.wait_for_selector("body[data-format=pairs] #rankings >> text=No results yet.")
    assert not await page.locator("#standings").is_visible()
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        opened = await director.post("/api/events", json={
            "name": "Thursday", "sections": [{"letter": "A", "tables": 3, "boards": 6}]})
        assert opened.status_code == 201, opened.text
    await page.wait_for_selector("#event-select option >> nth=2", state="attached")
    await page.select_option("#event-select", str(swiss))
    await page.wait_for_selector("body[data-format=match] #standings table.standings")
    assert (await page.locator("#standings table.standings tbody tr").first.locator(
        "td").all_inner_texts())[2] == "Ann Smith & Bob Brown"
    assert not await page.locator("#match-boards").is_visible()
