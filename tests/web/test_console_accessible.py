"""The director's console as a screen reader meets it, in real Chromium with data in it: the
grid's cells and tables are buttons named with their state, the cell dialog has a region per
board whose buttons name the board, the director's correction gets the station's sentence
(one message, replaced) and the pad's lead check, no button is a bare verb, and axe-core finds
no serious or critical violation on any console page or grid dialog."""

from __future__ import annotations

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, accept_dialogs, screenshot
from tests.web.test_results_page import play_round_one

pytestmark = pytest.mark.integration
WAIT = 20000  # ms: the machine may be busy

# Board 1: North holds the top spades, West the top hearts. With South declaring, West leads.
PBN = ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
       '432.AKQJ.T98.765"]\n')
# Buttons that say what they do but not what to: a screen reader's list of buttons cannot
# tell one from another.
BARE_VERBS = {"remove", "correct", "enter", "erase", "award", "move", "save", "pair", "withdraw",
              "dismiss", "restore", "pause", "resume", "seat", "close", "replace", "merge",
              "drop", "reset", "lock", "rule", "delete", "add", "not played"}

BUTTON_NAMES = """() => [...document.querySelectorAll('button, summary')]
  .map((b) => (b.getAttribute('aria-label') || b.textContent).trim().toLowerCase())"""


async def bare_verbs(page: Page) -> list[str]:
    return sorted({name for name in await page.evaluate(BUTTON_NAMES) if name in BARE_VERBS})


async def no_violations(page: Page, where: str) -> None:
    found = await serious_violations(page)
    assert found == [], f"{where}: {found}"
    assert await bare_verbs(page) == [], where


async def fill_the_session(station: Station, page: Page, port: int) -> str:
    """Round 1 played (table 1 by a pad, the others by the director), a penalty and board 1's
    hand record: round 1 complete, the section is in round 2 by itself (SPEC.md 6.9)."""
    url = page.url.split("/", 3)[:3]
    base = "/".join(url)
    await play_round_one(station, port, base)
    async with httpx.AsyncClient(base_url=base, headers={"Origin": base}, timeout=15) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        for call in (director.put("/api/sections/A/hand-records", json={"pbn": PBN}),
                     director.post("/api/penalties", json={"section": "A", "pair": 2,
                                                           "direction": "NS", "percent": 25})):
            answer = await call
            assert answer.is_success, answer.text
    return base


async def erase_board_2(base: str) -> None:
    """Table 1's board 2 of round 1 erased: the section has moved on, so the board is missing."""
    async with httpx.AsyncClient(base_url=base, headers={"Origin": base}, timeout=15) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        answer = await director.delete("/api/sections/A/tables/1/rounds/1/boards/2")
        assert answer.is_success, answer.text


async def test_the_grid_by_role_and_label(director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    accept_dialogs(page)
    base = await fill_the_session(station, page, port)
    grid = page.get_by_role("region", name="Section A")
    # Each cell is a button whose name says the table, the round and how it stands.
    await expect(grid.get_by_role("button", name="Table 2, round 1: changed by the director, "
                                                  "boards 3-4")).to_be_visible(timeout=WAIT)
    await expect(grid.get_by_role("button", name="Table 1, round 1: complete, boards 1-2")
                 ).to_be_visible()
    await erase_board_2(base)
    await expect(grid.get_by_role("button", name="Table 1, round 1: missing 1 of 2, boards 1-2")
                 ).to_be_visible(timeout=WAIT)
    await expect(grid.get_by_role("button", name="Table 1, round 2: being played")
                 ).to_be_visible()
    await expect(grid.get_by_role("button", name="Table 2: no pad, not logged in")
                 ).to_be_visible()

    # The cell dialog: a region per board, each with its own controls and buttons.
    await grid.get_by_role("button", name="Table 1, round 1:").click()
    dialog = page.get_by_role("dialog", name="Section A, table 1, round 1")
    one = dialog.get_by_role("region", name="Board 1", exact=True)
    two = dialog.get_by_role("region", name="Board 2", exact=True)
    await expect(one.get_by_role("button", name="Correct board 1")).to_be_visible(timeout=WAIT)
    await expect(two.get_by_role("button", name="Enter board 2")).to_be_visible()
    for button in ("Rule on board 1", "Move board 1", "Mark board 1 not played",
                   "Erase board 1 at table 1"):
        await expect(one.get_by_role("button", name=button)).to_be_visible()
    assert await bare_verbs(page) == []

    # The director enters a lead from the wrong hand: flagged as a pad's would be, and the
    # station's sentence is the dialog's one message.
    await one.get_by_label("contract").fill("4S")
    await one.get_by_label("declarer").select_option("S")
    await one.get_by_label("tricks").fill("10")
    await one.get_by_label("lead").fill("SA")
    await one.get_by_role("button", name="Correct board 1").click()
    message = dialog.get_by_role("status")
    await expect(message).to_have_text(
        "Board 1 at table A1, round 1: 4S= by South, lead ♠A, NS +420, sent to the pad. The "
        "lead is not from the hand on declarer's left in the hand record: check the lead and "
        "the declarer.", timeout=WAIT)
    await expect(one).to_contain_text("lead to check")
    held = station.session.sections["A"].held(1, 1, 1)
    assert held is not None and "LEAD_DECLARER_MISMATCH" in held.flags

    # Put right: the new sentence takes the old one's place.
    await one.get_by_label("lead").fill("HK")
    await one.get_by_role("button", name="Correct board 1").click()
    await expect(message).to_have_text(
        "Board 1 at table A1, round 1: 4S= by South, lead ♥K, NS +420, sent to the pad.",
        timeout=WAIT)
    await expect(one).not_to_contain_text("lead to check")

    # A refusal is said in the same place, and nothing changes.
    await one.get_by_label("lead").fill("S1")
    await one.get_by_role("button", name="Correct board 1").click()
    await expect(message).to_contain_text("S1 is not a card", timeout=WAIT)
    assert station.session.sections["A"].held(1, 1, 1).lead == "HK"  # type: ignore[union-attr]

    # Back at the grid, the wrong lead once more: the cell's name says it is to check.
    await one.get_by_label("lead").fill("SA")
    await one.get_by_role("button", name="Correct board 1").click()
    await expect(message).to_contain_text("lead ♠A", timeout=WAIT)
    await dialog.get_by_role("button", name="Close the boards").click()
    await expect(grid.get_by_role("button", name="Table 1, round 1: to check")
                 ).to_be_visible(timeout=WAIT)
    await expect(page.get_by_role("link", name="table A1, round 1, board 1: the lead does not "
                                               "fit the declarer")).to_be_visible()
    await screenshot(page, "console-by-role")


async def test_no_serious_violation_on_any_console_page(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    base = await fill_the_session(station, page, port)
    await erase_board_2(base)
    grid = page.get_by_role("region", name="Section A")
    await expect(grid.get_by_role("button", name="Table 1, round 1: missing 1 of 2")
                 ).to_be_visible(timeout=WAIT)
    await expect(page.get_by_role("button", name="Replace unit 17")).to_be_visible()
    await no_violations(page, "the grid")

    # Every dialog of the grid, opened with data in it.
    await grid.get_by_role("button", name="Table 1, round 1:").click()
    cell = page.get_by_role("dialog", name="Section A, table 1, round 1")
    await expect(cell.get_by_role("region", name="Board 1", exact=True)).to_be_visible(
        timeout=WAIT)
    await no_violations(page, "the cell dialog")
    await cell.get_by_role("button", name="Close the boards").click()

    await grid.get_by_role("button", name="Table 1: unit 17").click()
    table = page.get_by_role("dialog", name="Table A1")
    await expect(table.get_by_role("button", name="Authorise a takeover of table A1")
                 ).to_be_visible(timeout=WAIT)
    await no_violations(page, "the table dialog")
    await table.get_by_role("button", name="Close the table").click()

    await page.get_by_role("button", name="Change the movement of section A").click()
    movement = page.get_by_role("dialog", name="Section A: change the movement")
    await expect(movement.get_by_role("button", name="Withdraw the pair")).to_be_visible()
    await no_violations(page, "the movement dialog")
    await movement.get_by_role("button", name="Close the movement").click()

    await page.get_by_role("button", name="Seat NS pair 1").click()
    seats = page.get_by_role("dialog", name="Who plays for NS pair 1 of section A")
    await expect(seats.get_by_role("button", name="Seat NS pair 1")).to_be_visible(timeout=WAIT)
    await no_violations(page, "the seating dialog")
    await seats.get_by_role("button", name="Close the seating").click()

    # The other pages, each with the session's data in it.
    await page.goto(base + "/setup")
    await expect(page.get_by_role("button", name="Remove section A")).to_be_visible(
        timeout=WAIT)
    await no_violations(page, "/setup")
    await page.goto(base + "/results")
    await expect(page.get_by_role("button", name="Print the rankings")).to_be_visible(
        timeout=WAIT)
    await page.locator(".traveller").first.wait_for(timeout=WAIT)
    await no_violations(page, "/results")
    await page.goto(base + "/penalties")
    await expect(page.get_by_role("button", name="Remove the penalty on pair 2")
                 ).to_be_visible(timeout=WAIT)
    await no_violations(page, "/penalties")
    await page.goto(base + "/history")
    await page.locator("#audit tbody tr").first.wait_for(timeout=WAIT)
    await no_violations(page, "/history")
