"""Corrections where pads move with the pairs (SPEC.md 14.10), and the next board after a
correction: three browser pads of a 3-table Mitchell follow the EW pairs. A pad waiting to move
shows where its pair goes and the round it just played, not the next round of the table it is
leaving; its correction of that round reaches the station after the arriving pair's pad has
taken the table, and once the next round has begun there it goes to the director, side by side,
and the pad says so. Real Chromium, real mosquitto, a real station; by role and accessible
name."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from basestation.station.views.grid import alerts
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import login
from tests.web.padclub import Club, broker, club, held, pairs, play
from tests.web.padpage import enter, log_in, press_entry, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
WAIT = 30000  # the machine may be busy: generous waits
UNITS = {1: 81, 2: 82, 3: 83}  # the pad of EW pair n starts at table n


async def correct(page: Page, round_: int, board: int, tricks: int) -> None:
    """East-West choose "Board N (round R): correct it", enter 3NT by North, read that it
    replaces the result held, and accept."""
    await page.get_by_label("Board", exact=True).select_option(
        label=f"Board {board} (round {round_}): correct it")
    await press_entry(page, "3NT", "N", tricks)
    await page.get_by_role("button", name="Send").click()
    check = page.get_by_role("region", name="East-West: check the correction, then accept")
    await expect(check).to_contain_text(
        re.compile(rf"Board {board} \(round {round_}\) is already held: .+ \(NS [-+]?\d+\)\. "
                   r"Accept replaces it with: 3NT by North"))
    await check.get_by_role("button", name="Accept").click()


async def options(page: Page) -> list[str]:
    return await page.get_by_label("Board", exact=True).locator("option").all_text_contents()


async def test_correction_x_pads_that_move_reaches_the_station_from_the_waiting_pad(
        club: Club) -> None:
    station = club.station
    async with director(club) as console:
        answer = await console.put("/api/sections/A/pads", json={"pads": "ew"})
        assert answer.status_code == 200, answer.text
    pads: dict[int, Page] = {}
    for pair, unit in UNITS.items():
        pads[pair] = await club.pad(unit)
        await log_in(pads[pair], pair)
    first = pads[1]
    await play(club, first, 1, 1)
    ns, ew, boards = pairs(station, 1, 1)
    # Waiting for table 2: where to go, and the round just played, to correct; nothing of
    # table 1's round 2 (another pair's boards).
    where = first.get_by_role("region", name="Round 1 is over: where to go")
    await expect(where.get_by_role("listitem").filter(has_text="Table 2 is still playing")) \
        .to_be_visible(timeout=WAIT)
    await expect(first.get_by_role("heading", name=f"Round 1: NS {ns} v EW {ew}")).to_be_visible()
    next_ns, next_ew, _ = pairs(station, 1, 2)
    await expect(first.get_by_role("heading", name=f"Round 2: NS {next_ns} v EW {next_ew}")) \
        .to_be_hidden()
    # Nothing chosen, no keys: a correction is picked on purpose, never keyed by default
    # (players keying their next board here would overwrite last round's).
    assert await options(first) == ["No board to play: choose one to correct it"] + [
        f"Board {b} (round 1): correct it" for b in boards]
    chooser = first.get_by_label("Board", exact=True)
    await expect(chooser).to_have_value("")
    await expect(first.get_by_role("group", name="Level", exact=True)).to_be_hidden()
    await expect(first.get_by_role("button", name="Send")).to_be_hidden()
    assert await serious_violations(first) == []

    # EW 3 finish at table 3 and their pad takes table 1: EW 1's correction still counts.
    await play(club, pads[3], 3, 1)
    await expect(pads[3].get_by_text("Unit 83, table A1")).to_be_visible(timeout=WAIT)
    assert station.session.sections["A"].holders[1] == UNITS[3]
    await correct(first, 1, boards[0], 10)
    await first.wait_for_function(
        f"() => pad.mem.entries['1/{boards[0]}']?.body.tricks === 10 && pad.waiting === 0",
        timeout=WAIT)
    fixed = held(station, 1, 1, boards[0])
    assert fixed is not None and fixed.tricks == 10 and fixed.unit == UNITS[1]
    assert "CORRECTED" in fixed.flags
    # The arriving pair's pad offers its own boards only, none of EW 1's to correct.
    assert not [o for o in await options(pads[3]) if "(round 1)" in o]

    # Round 2 begins at table 1: EW 1's next correction goes to the director, who sees both.
    await play_one(pads[3], 2, pairs(station, 1, 2)[2][0])
    await correct(first, 1, boards[1], 7)
    notice = first.get_by_role("status", name="Latest message")
    await expect(notice).to_have_text(
        f"Board {boards[1]}: the next round has begun at table A1: your correction went to "
        "the director to decide", timeout=WAIT)
    kept = held(station, 1, 1, boards[1])
    assert kept is not None and kept.tricks == 9  # until the director decides
    (conflict,) = [a for a in alerts(station.session, station.units)
                   if a.kind == "merge_conflict"]
    assert (conflict.unit, conflict.board) == (UNITS[1], boards[1])
    assert conflict.held.startswith("3NT= by North, NS +")
    assert conflict.offered.startswith("3NT-2 by North, NS -")
    grid = await club.browser.new_page()  # the director sees both side by side
    await grid.goto(club.url + "/")
    await login(grid)
    await grid.get_by_role("button", name=f"Compare board {boards[1]} at table A1").click()
    both = grid.get_by_role("dialog", name=f"Board {boards[1]} at table A1, round 1")
    await expect(both.get_by_role("cell", name=conflict.held)).to_be_visible(timeout=WAIT)
    await expect(both.get_by_role("cell", name=conflict.offered)).to_be_visible()
    await grid.close()

    # Table 2 done: EW 1's pad moves on and plays there.
    await play(club, pads[2], 2, 1)
    await expect(first.get_by_text("Unit 81, table A2")).to_be_visible(timeout=WAIT)
    at_2 = pairs(station, 2, 2)
    await expect(first.get_by_role("heading", name=f"Round 2: NS {at_2[0]} v EW {at_2[1]}")) \
        .to_be_visible(timeout=WAIT)
    await expect(where).to_be_hidden()


async def play_one(page: Page, round_: int, board: int) -> None:
    assert await enter(page, "3NT", "N", 9) == board
    await stored(page, round_, board)


async def test_correction_x_next_board_the_pad_moves_on_after_a_correction(
        club: Club) -> None:
    """A table pad: board 1 entered, then corrected: the next board to play comes up, not
    "Board 1: correct it" again."""
    page = await club.pad(91)
    await log_in(page, 1)
    boards = pairs(club.station, 1, 1)[2]
    await play_one(page, 1, boards[0])
    await correct(page, 1, boards[0], 10)
    await page.wait_for_function(
        f"() => pad.mem.entries['1/{boards[0]}']?.body.tricks === 10 && pad.waiting === 0")
    board = page.get_by_label("Board", exact=True)
    await expect(board).to_have_value(f"1/{boards[1]}")
    await expect(board.locator("option:checked")).to_have_text(f"Board {boards[1]}")
    entry = held(club.station, 1, 1, boards[0])
    assert entry is not None and entry.tricks == 10


async def test_correction_x_pads_that_move_sent_after_the_pad_moved_on(club: Club) -> None:
    """EW 1's pad, out of contact while it waits, has its login to table 2 queued when East-West
    correct a board of table 1: back in contact, it moves on first, then the correction goes
    for table 1, and the station takes it; the pad says so and keeps nothing of table 1."""
    station = club.station
    async with director(club) as console:
        answer = await console.put("/api/sections/A/pads", json={"pads": "ew"})
        assert answer.status_code == 200, answer.text
    pads: dict[int, Page] = {}
    for pair, unit in UNITS.items():
        pads[pair] = await club.pad(unit)
        await log_in(pads[pair], pair)
    first = pads[1]
    await play(club, first, 1, 1)
    await expect(first.get_by_text("Table 2 is still playing", exact=False)).to_be_visible(
        timeout=WAIT)
    boards = pairs(station, 1, 1)[2]
    await first.context.set_offline(True)
    await expect(first.get_by_role("status", name="Connection to the station")).to_have_text(
        "offline", timeout=WAIT)
    await play(club, pads[2], 2, 1)  # table 2 is free now
    await first.wait_for_function("() => pad.mem.queue.some((m) => m.type === 'login')",
                                  timeout=WAIT)
    await correct(first, 1, boards[0], 10)
    await first.context.set_offline(False)
    await expect(first.get_by_text("Unit 81, table A2")).to_be_visible(timeout=WAIT)
    messages = first.get_by_role("region", name="Messages")
    await expect(messages.get_by_role("listitem").filter(
        has_text=f"Board {boards[0]} at table A1: the station took your correction")) \
        .to_be_visible(timeout=WAIT)
    fixed = held(station, 1, 1, boards[0])
    assert fixed is not None and fixed.tricks == 10 and fixed.unit == UNITS[1]
    assert await first.evaluate(f"() => pad.mem.entries['1/{boards[0]}'] === undefined")
