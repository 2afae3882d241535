"""The club roster's columns, national number included, from the set-up page to the exports:
a roster uploaded in real Chromium with national numbers, a night played by a real pad on a
real broker, and the numbers read back from the rankings CSV, the USEBIO export and the
club's list."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Players, Result, Seat
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import acked, log_in_pad
from tests.web.test_setup_page import set_section

pytestmark = pytest.mark.integration

ROSTER = (b"number,name,national number,email\n12,Ann Smith,NZB 4411,ann@example.org\n"
          b"7,Bob Brown,NZB 77,\n3,Cy Young,,\n")


async def _set_up_with_roster(page: Page) -> None:
    await page.goto(page.url.rstrip("/") + "/setup")
    await page.wait_for_selector(".section-setup[data-valid=yes]")
    roster = page.get_by_label("Club roster (CSV: number, name, national number)")
    await expect(roster).to_have_accessible_description(
        "One player a line: the club number the pads enter, the name, and, if you have it, "
        "the national body's number (NZB, EBU...), which the exports (CSV, USEBIO, PBN, the "
        "Scorer's XML) and the website carry. A first line of headings is skipped; a column "
        "headed \"handicap\" gives each player's handicap (percentage points, -9 to +9 say: "
        "an empty cell keeps the club list's); further columns are not read.")
    await page.get_by_label("Name", exact=True).first.fill("Friday pairs")
    await set_section(page, 0, "mitchell", 3, 6)
    await roster.set_input_files(files=[{"name": "club.csv", "mimeType": "text/csv",
                                         "buffer": ROSTER}])
    await expect(page.get_by_text("3 players read from club.csv, 2 with a national number."))\
        .to_be_visible()
    players = page.get_by_role("table", name="Players")
    await expect(players.get_by_role("columnheader", name="National number")).to_be_visible()
    await expect(players.get_by_role("row", name="Ann Smith")).to_contain_text("NZB 4411")
    assert await serious_violations(page) == []
    await page.get_by_role("button", name="Open the event").click()
    await page.get_by_role("button", name="Close it and open the new event").click()
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')")


async def test_roster_national_numbers_from_setup_reach_csv_and_usebio_exports(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    await _set_up_with_roster(page)
    assert station.session.event_name == "Friday pairs"
    async with MqttPad(broker, "club", 17) as pad:  # the night, at table 1
        await log_in_pad(pad, 1)
        await acked(pad, pad.send(Players(section="A", table=1, round=1, north=12, east=3,
                                          south=7, west=0)))
        for board in (1, 2):
            await acked(pad, pad.send(Result(section="A", table=1, round=1, board=board,
                                             ns=1, ew=1, contract="4S", declarer=Seat.S,
                                             tricks=10)))

    url = page.url.split("/setup")[0]
    answer = await page.request.get(url + "/api/exports/rankings.csv")
    assert answer.ok, await answer.text()
    ranking = {(r["pair"], r["direction"]): r
               for r in csv.DictReader(io.StringIO(await answer.text()))}
    assert (ranking[("1", "NS")]["names"], ranking[("1", "NS")]["national_numbers"]) == (
        "Ann Smith & Bob Brown", "NZB 4411 & NZB 77")
    assert (ranking[("1", "EW")]["names"], ranking[("1", "EW")]["national_numbers"]) == (
        "Cy Young", "")  # no number given, none made up (the visitor, 0, is left out)

    answer = await page.request.get(url + "/api/exports/usebio")
    assert answer.ok
    root = ET.fromstring(await answer.text())
    pair = next(p for p in root.iterfind("EVENT/PARTICIPANTS/PAIR")
                if (p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")) == ("1", "NS"))
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"))
            for p in pair.iterfind("PLAYER")] == [("Ann Smith", "NZB 4411"),
                                                  ("Bob Brown", "NZB 77")]

    answer = await page.request.get(url + "/api/players/csv")
    assert answer.ok
    listed = {r["number"]: r["national"] for r in csv.DictReader(io.StringIO(await answer.text()))}
    assert listed == {"3": "", "7": "NZB 77", "12": "NZB 4411"}
