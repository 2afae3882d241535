"""The browser pad's entry as players of other scoring systems expect it: the contract,
declarer, result ("=", "+1", "-1") and lead on toggle keys, the score at East-West's Accept,
the board's dealer and vulnerability, travellers in result notation, and notices that go once
settled. Real Chromium, real mosquitto, a real station; by role and accessible name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.domain.contract import Contract, score_ns
from firmware_protocol.messages import Doubling, Seat, Strain
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club, held, pairs
from tests.web.padpage import enter, log_in, press, press_entry, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
NARROW = {"width": 320, "height": 640}
TABLET = {"width": 768, "height": 1024}
WAIT = 20000  # the machine may be busy: generous waits
GROUPS = ("Level", "Suit", "Doubled", "Declarer", "Result", "Lead: suit", "Lead: card")


def group(page: Page, name: str):  # type: ignore[no-untyped-def]
    return page.get_by_role("group", name=name, exact=True)


async def keys_fit(page: Page, width: int) -> None:
    """Nothing wider than the screen, and every key at least 44 px each way."""
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{wide}px wide on a {width}px screen"
    sizes = await page.evaluate("""() => [...document.querySelectorAll('fieldset.keys button')]
        .filter((b) => b.offsetParent !== null)
        .map((b) => [b.getAttribute('aria-label') || b.textContent,
                     b.getBoundingClientRect().width, b.getBoundingClientRect().height])""")
    assert sizes
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert small == []


async def test_the_keys_are_groups_of_toggles_with_only_the_possible_results(
        club: Club) -> None:
    page = await club.pad(91, viewport=PHONE)
    await log_in(page, 1)
    for name in GROUPS:
        await expect(group(page, name)).to_be_visible(timeout=WAIT)
    strains = group(page, "Suit").get_by_role("button")
    await expect(strains).to_have_text(["\u2663", "\u2666", "\u2665", "\u2660", "NT"])
    for name in ("clubs", "diamonds", "hearts", "spades", "no trump"):
        await expect(group(page, "Suit").get_by_role("button", name=name, exact=True)) \
            .to_have_attribute("aria-pressed", "false")
    for name in ("North", "East", "South", "West"):
        await expect(group(page, "Declarer").get_by_role("button", name=name)).to_be_visible()
    await expect(group(page, "Level").get_by_role("button", name="Pass")).to_be_visible()
    await expect(group(page, "Doubled").get_by_role("button")).to_have_count(2)
    await expect(page.get_by_text("Choose the level first")).to_be_visible()
    # A level: its results, "=" first, only those possible (+n up to 13, -n down to 0).
    await press(page, "Level", "4")
    results = group(page, "Result").get_by_role("button")
    await expect(results).to_have_text(["=", "+1", "+2", "+3"] + [f"-{n}" for n in range(1, 11)])
    await press(page, "Result", "+3")
    await press(page, "Level", "7")  # +3 is not possible at the seven level: it goes
    await expect(results).to_have_text(["="] + [f"-{n}" for n in range(1, 14)])
    await expect(results.filter(has_text="+")).to_have_count(0)
    await press(page, "Level", "1")
    await expect(results).to_have_text(["="] + [f"+{n}" for n in range(1, 7)]
                                       + [f"-{n}" for n in range(1, 8)])
    # Toggles: pressed shows; pressed again, not; another key of the group takes over.
    four = group(page, "Level").get_by_role("button", name="4", exact=True)
    await four.click()
    await expect(four).to_have_attribute("aria-pressed", "true")
    await press(page, "Level", "5")
    await expect(four).to_have_attribute("aria-pressed", "false")
    await press(page, "Level", "5")
    await expect(group(page, "Level").get_by_role("button", name="5", exact=True)) \
        .to_have_attribute("aria-pressed", "false")
    await press_entry(page, "3NTX", "E", 8, "D10")
    await expect(page.locator("#entry-summary")).to_have_text("3NTX by East, down 1, lead \u266610")
    await expect(group(page, "Lead: card").get_by_role("button", name="10")) \
        .to_have_attribute("aria-pressed", "true")
    # Pass: the rest of the contract is not asked.
    await press(page, "Level", "Pass")
    await expect(group(page, "Declarer")).to_be_hidden()
    await expect(page.locator("#entry-summary")).to_have_text("Passed out")
    await keys_fit(page, PHONE["width"])
    assert await serious_violations(page) == []


@pytest.mark.parametrize("viewport", [NARROW, PHONE, TABLET], ids=["320", "375", "tablet"])
async def test_the_keys_fit_a_phone_and_a_tablet(club: Club, viewport: dict[str, int]) -> None:
    page = await club.pad(92, viewport=viewport)
    await log_in(page, 1)
    await press_entry(page, "1NT", "S", 7, "HA")  # level 1: the most result keys
    await keys_fit(page, viewport["width"])
    await screenshot(page, f"pad-keys-{viewport['width']}")
    await page.get_by_role("button", name="Send").click()
    await expect(page.get_by_role("button", name="Accept")).to_be_visible(timeout=WAIT)
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= viewport["width"]
    assert await serious_violations(page) == []


async def test_accept_shows_the_result_and_score_and_a_board_out_of_order_is_asked(
        club: Club) -> None:
    station = club.station
    page = await club.pad(93, viewport=PHONE)
    await log_in(page, 1)
    _, _, (first, second) = pairs(station, 1, 1)
    assert (first, second) == (1, 2)
    await expect(page.locator("#board-facts")).to_have_text(
        "Board 1: Dealer North, nobody vulnerable")
    board = page.get_by_label("Board", exact=True)
    await board.select_option("1/2")
    question = page.get_by_role("region", name="Out of order")
    await expect(question).to_be_visible(timeout=WAIT)
    await expect(question).to_contain_text("Board 2 is not the next board (1). Enter board 2?")
    await expect(group(page, "Level")).to_be_hidden()  # nothing is entered until answered
    assert await serious_violations(page) == []
    await question.get_by_role("button", name="No, board 1").click()
    await expect(board).to_have_value("1/1")
    await expect(group(page, "Level")).to_be_visible()
    await board.select_option("1/2")
    await question.get_by_role("button", name="Yes, enter board 2").click()
    await expect(page.locator("#board-facts")).to_have_text(
        "Board 2: Dealer East, North-South vulnerable")
    await press_entry(page, "4S", "N", 11, "HK")
    await page.get_by_role("button", name="Send").click()
    accept = page.get_by_role("region", name="East-West: check, then accept")
    await expect(accept).to_contain_text("Board 2: 4\u2660 by North, made 5, lead \u2665K: NS +650",
                                         timeout=WAIT)
    await screenshot(page, "pad-accept-score")
    await accept.get_by_role("button", name="Accept").click()
    await stored(page, 1, 2)
    assert held(station, 1, 1, 2).tricks == 11
    assert held(station, 1, 1, 2).score_ns == 650
    # The round's list and the traveller in players' notation with the NS score.
    await expect(page.locator("#boards li[data-board='2']")).to_have_text(
        "Board 2: 4\u2660 by North, made 5, lead \u2665K, NS +650", timeout=WAIT)
    traveller = page.get_by_role("table", name="Traveller")
    await expect(traveller.get_by_role("row").nth(1).get_by_role("cell")).to_have_text(
        ["1", "1", "4\u2660+1", "N", "\u2665K", "+650"], timeout=WAIT)
    await expect(page.locator("#feedback-facts")).to_have_text(
        "Dealer East, North-South vulnerable")
    # The next board is 1 again: no question; a board down shows "-n" and a minus score.
    await expect(board).to_have_value("1/1")
    await enter(page, "3NT", "S", 8)
    await stored(page, 1, 1)
    await expect(traveller.get_by_role("cell", name="3NT-1")).to_be_visible(timeout=WAIT)
    await expect(traveller.get_by_role("cell", name="-50")).to_be_visible()
    assert await serious_violations(page) == []


async def test_a_section_entering_tricks_taken(club: Club) -> None:
    station = club.station
    page = await club.pad(94, viewport=PHONE)
    await log_in(page, 2)
    await expect(group(page, "Result")).to_be_visible(timeout=WAIT)
    async with director(club) as api:
        answer = await api.put("/api/sections/A/result-entry", json={"entry": "tricks"})
        assert answer.json() == {"entry": "tricks"}
    tricks = group(page, "Tricks taken")
    await expect(tricks).to_be_visible(timeout=WAIT)
    await expect(tricks.get_by_role("button")).to_have_text([str(t) for t in range(14)])
    _, _, (board, _) = pairs(station, 2, 1)
    assert await enter(page, "2H", "W", 9, "SQ") == board  # presses "9" under "Tricks taken"
    await stored(page, 1, board)
    assert held(station, 2, 1, board).tricks == 9
    await expect(page.locator(f"#boards li[data-board='{board}']")).to_contain_text("made 3")
    assert await serious_violations(page) == []
    async with director(club) as api:  # back to "=", "+1", "-1"
        await api.put("/api/sections/A/result-entry", json={"entry": "result"})
    await expect(group(page, "Result")).to_be_visible(timeout=WAIT)


async def test_a_refusal_goes_once_the_board_is_entered_right(club: Club) -> None:
    station = club.station
    page = await club.pad(95)
    await log_in(page, 3)
    _, _, (board, _) = pairs(station, 3, 1)
    # An entry the station refuses (a pad of another make could send it): said in words.
    await page.evaluate(f"pad.enter('result', PadWire.bodies.result(pad.place(1, {board}), "
                        "'4S', 'N', 10, 'Z9'))")
    refusal = f"Board {board}: the lead is not a card, or there is a lead on a passed-out board"
    latest = page.get_by_role("status", name="Latest message")
    await expect(latest).to_have_text(refusal, timeout=WAIT)
    await expect(page.locator("#notices li")).to_have_text([refusal])
    await enter(page, "4S", "N", 10, "CA")
    await stored(page, 1, board)
    await expect(page.locator("#notices li")).to_have_count(0, timeout=WAIT)
    await expect(latest).to_have_text("")
    assert "INVALID" not in await page.locator("body").inner_text()


# The pad's own scoring, dealer and vulnerability against the station's, on every contract.
PAD_SCORES = """(cases) => cases.map(([board, contract, declarer, tricks]) =>
    PadCore.scoreNs(board, contract, declarer, tricks))"""


async def test_the_pads_scores_and_board_facts_are_the_stations(club: Club) -> None:
    page = await club.scripts()
    cases, expected = [], []
    doubling = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}
    for board in (1, 2, 3, 4):  # none, NS, EW, all vulnerable
        for level in range(1, 8):
            for strain in Strain:
                for double in Doubling:
                    for declarer in (Seat.N, Seat.E):
                        for tricks in range(14):
                            contract = f"{level}{strain.value}{doubling[double]}"
                            cases.append([board, contract, declarer.value, tricks])
                            expected.append(score_ns(Contract(level, strain, double), declarer,
                                                     tricks, vulnerability_of(board)))
    assert await page.evaluate(PAD_SCORES, cases) == expected
    facts = await page.evaluate("""() => Array.from({length: 40}, (_, i) =>
        [PadCore.dealer(i + 1), PadCore.vulnerability(i + 1)])""")
    assert facts == [[dealer_of(b).value, vulnerability_of(b).value] for b in range(1, 41)]
    marks = await page.evaluate("""() => [PadCore.notation('4S', 10), PadCore.notation('3NTX', 8),
        PadCore.notation('PASS', null), PadCore.notation('1C', 13)]""")
    assert marks == ["4♠=", "3NTX-1", "Pass", "1♣+6"]  # suits as symbols (issue 52)
