"""Travellers on /results and their prints in result notation (4♠+1, 3NT=, 2♥-2, Pass: the
suits' symbols on every page, issue 52) with the NS score, as the pad writes them: one
formatter in the browser (padcore.js's notation, used by the results page and the cell dialog)
and one in Python (domain.contract.result_notation with symbols), which agree. Exports keep
the letters (result_notation without symbols)."""

from __future__ import annotations

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.domain.contract import lead_words, result_notation
from basestation.station.app import Station
from firmware_protocol.messages import Result, Seat
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, acked, log_in_pad

pytestmark = pytest.mark.integration

# Round 1 of a 3-table Mitchell (boards 1-2 at table 1, 3-4 at table 2): what each board
# shows on the traveller. Board 1: None vul, board 2: NS vul, board 3: EW vul, board 4: All.
PLAYED = {1: ("4S", Seat.S, 11, "4♠+1", "S", "+450"),
          2: ("3NT", Seat.N, 9, "3NT=", "N", "+600"),
          3: ("2H", Seat.E, 6, "2♥-2", "E", "+200"),
          4: ("PASS", None, None, "Pass", "", "0")}


async def _play(station: Station, broker: int, url: str) -> None:
    async with MqttPad(broker, "club", 17) as pad:  # table 1 by a real pad
        await log_in_pad(pad, 1)
        for board in (1, 2):
            contract, declarer, tricks = PLAYED[board][:3]
            await acked(pad, pad.send(Result(section="A", table=1, round=1, board=board,
                                             ns=1, ew=1, contract=contract,
                                             declarer=declarer, tricks=tricks,
                                             lead="HK" if board == 1 else None)))
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        for board in (3, 4):  # table 2 by the director
            contract, declarer, tricks = PLAYED[board][:3]
            answer = await director.put(
                f"/api/sections/A/tables/2/rounds/1/boards/{board}",
                json={"contract": contract, "declarer": declarer and declarer.value,
                      "tricks": tricks})
            assert answer.is_success, answer.text


async def test_results_travellers_and_prints_in_result_notation_as_the_pad_shows(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    url = page.url.rstrip("/")
    await _play(station, broker, url)
    await page.goto(url + "/results")
    for board, (_c, _d, _t, notation, by, score) in PLAYED.items():
        traveller = page.get_by_role("table", name=f"Results of board {board}")
        await expect(traveller).to_be_visible()
        headers = await traveller.get_by_role("columnheader").all_inner_texts()
        assert headers == ["NS", "EW", "Result", "By", "Lead", "NS score", "NS MP", "EW MP"]
        cells = await traveller.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()
        assert cells[2:4] == [notation, by] and cells[5] == score, cells
        assert cells[4] == ("♥K" if board == 1 else ""), cells  # the lead, as the pad shows it
        assert "Tricks" not in headers
    # The print of the travellers is the same table.
    await page.emulate_media(media="print")
    await page.evaluate("document.body.dataset.print = 'travellers'")
    printed = page.get_by_role("table", name="Results of board 1")
    await expect(printed).to_be_visible()
    await expect(printed.get_by_role("row").nth(1)).to_contain_text("4♠+1")
    await page.emulate_media(media="screen")
    await page.evaluate("document.body.dataset.print = 'all'")
    # A pair's score card: the result as written, the pair's own score signed.
    await page.locator("#rankings tr.pick[data-pair='1'][data-direction='EW']").click()
    card = page.locator("#scorecard")
    await expect(card.get_by_role("row").nth(1)).to_contain_text("4♠+1")
    await expect(card.get_by_role("row").nth(1)).to_contain_text("-450")
    await expect(card.get_by_role("row").nth(1)).to_contain_text("♥K")
    assert await serious_violations(page) == []

    # The pad's formatter (padcore.js, which the results page imports) and the Python one
    # with symbols write every result alike; without symbols, the exports' letters.
    cases = [(f"{level}{strain}{double}", tricks) for level in (1, 4, 7)
             for strain in ("C", "D", "H", "S", "NT") for double in ("", "X", "XX")
             for tricks in (0, level + 5, level + 6, 13)] + [("PASS", None)]
    written = await page.evaluate(
        "async (cases) => { const core = await import('/static/padcore.js');"
        " return cases.map(([c, t]) => core.notation(c, t)); }", cases)
    assert written == [result_notation(c, t, symbols=True) for c, t in cases]
    assert not any(symbol in result_notation(c, t) for c, t in cases for symbol in "♠♥♦♣")
    assert result_notation("4SX", 10) == "4SX=" and written[cases.index(("4SX", 10))] == "4♠X="
    # And every lead alike: the suit's symbol, then the rank ("HK" is "♥K").
    leads = [f"{suit}{rank}" for suit in "SHDC" for rank in ("A", "K", "10", "T", "2")]
    shown = await page.evaluate(
        "async (leads) => { const core = await import('/static/padcore.js');"
        " return leads.map((card) => core.cardWords(card)); }", leads)
    assert shown == [lead_words(card) for card in leads]
