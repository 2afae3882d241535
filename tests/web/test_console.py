"""The grid as a director runs a night with it: the way back for an orphaned table, alerts in
plain words with counts, thresholds, dismissal and links, a bad-MAC frame that does not paint
a working pad's table, and the round clock. Real pads on a real broker, in real Chromium."""

from __future__ import annotations

import asyncio

import pytest
from playwright.async_api import Dialog, Page

from basestation.station.app import Station
from firmware_protocol.messages import (
    Control,
    ControlCommand,
    ErrorCode,
    Heartbeat,
    Login,
    Nak,
)
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.web.conftest import (
    Questions,
    accept_dialogs,
    acked,
    log_in_pad,
    next_of,
    refresh_grid,
    screenshot,
)
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration
WRONG_KEY = b"\x01" * 16


async def bad_frame(pad: MqttPad) -> None:
    answer = await pad.answer(pad.send(Heartbeat(battery=50), key=WRONG_KEY))
    assert isinstance(answer[0], Nak) and answer[0].code is ErrorCode.BAD_MAC


async def test_an_orphaned_table_is_taken_over(director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = accept_dialogs(page)
    async with MqttPad(port, "club", 17) as old, MqttPad(port, "club", 18) as new:
        await log_in_pad(old, 2)
        await page.wait_for_selector("#t-A-2 th[data-state=logged_in] >> text=#17")
        await page.focus("#t-A-2 th button")
        await page.keyboard.press("Enter")  # the keyboard opens it, as a click does
        dialog = page.locator("#table-dialog")
        await dialog.locator("#table-facts >> text=unit 17").wait_for()
        assert "last heard" in await dialog.locator("#table-facts").inner_text()

        # Ask the pad to resend: it gets the control command; pending until it answers.
        resend = dialog.locator("button[data-action=resend]")
        assert "send everything it holds again" in await asked.on(resend.click())
        control = await next_of(old, Control)
        assert control.command is ControlCommand.RESEND
        pending = dialog.locator("#table-pending[data-pending=yes]")
        await pending.locator("text=waiting for the pad").wait_for()
        await acked(old, old.send(Heartbeat(battery=70)))
        await dialog.locator("#table-pending >> text=the pad answered").wait_for()

        # Authorise a takeover, then think better of it: the old pad keeps its table.
        takeover = dialog.locator("button[data-action=takeover]")
        assert "take over table A2" in await asked.on(takeover.click())
        await pending.locator("text=waiting for a pad").wait_for()
        await page.wait_for_selector("#t-A-2 th >> text=takeover waiting")
        await dialog.locator("button[data-action=withdraw-takeover]").click()
        await dialog.locator("button[data-action=takeover]").wait_for()
        refused = await new.request(Login(section="A", table=2, takeover=True))
        assert isinstance(refused[0], Nak) and refused[0].code is ErrorCode.TABLE_IN_USE

        # The old pad is gone for good: authorise again, and the new pad takes over.
        await dialog.locator("button[data-action=takeover]").click()
        await page.wait_for_selector("#t-A-2 th[data-takeover=yes]")
        await screenshot(page, "table-takeover-pending")
        await log_in_pad(new, 2, takeover=True)
        await page.wait_for_selector("#t-A-2 th[data-takeover=no] >> text=#18")
        await dialog.locator("#table-facts >> text=unit 18").wait_for()
        assert (await dialog.locator("#table-pending").inner_text()) == ""
    assert ("A", 2) not in station.session.takeovers


async def test_alerts_counts_links_and_bad_macs(director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    accept_dialogs(page)
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        # Stray frames claiming unit 17 fail their check between its pad's good ones: the
        # pad works, so its table stays green and the alert says so.
        for _ in range(2):
            await bad_frame(pad)
            await acked(pad, pad.send(Heartbeat(battery=90)))
        await page.wait_for_selector(
            "#alerts li[data-kind=stray_bad_mac] >> text=unit 17 itself is working")
        assert await page.get_attribute("#t-A-1 th", "data-state") == "logged_in"
        # Its own pad now fails frame after frame: that table is marked.
        for _ in range(3):
            await bad_frame(pad)
        await page.wait_for_selector("#t-A-1 th[data-state=bad_mac]")
        await page.wait_for_selector(
            "#alerts li[data-kind=bad_mac] >> text=keeps failing its security check")
        await acked(pad, pad.send(Heartbeat(battery=90)))
        await page.wait_for_selector("#t-A-1 th[data-state=logged_in]")

        # Missing boards: counted, linked to their cell, dismissed and restored.
        await acked(pad, pad.send(result_at(station, 1, 1, boards(station, 1, 1)[0])))
        await page.click("#section-A h2 >> text=Close the round in section A")
        await page.wait_for_selector("#alerts li[data-kind=missing_boards]")
        counts = await page.inner_text("#alert-counts")
        assert "3 missing boards" in counts, counts
        missing = page.locator("#alerts li[data-kind=missing_boards]").first
        assert await missing.inner_text() == "Table A1, round 1: 1 board missing. ×"
        await missing.locator("a.alert-link").click()
        await page.wait_for_selector("#cell[open] #cell-title >> text=Section A, table 1, round 1")
        await page.click("#cell .dialog-head button")
        await missing.locator("button.dismiss").click()
        await page.wait_for_function(
            "() => document.getElementById('alert-counts').textContent"
            ".includes('2 missing boards')")
        await page.click("#show-dismissed")
        await page.wait_for_selector("#alerts li[data-dismissed=yes] >> text=restore")
        await page.click("#show-dismissed")

        # Thresholds: a pad silent for a minute is reported with its minutes.
        await page.click("summary >> text=Thresholds")
        await page.fill("#thresholds input[name=silent_minutes]", "0.1")
        await page.click("#thresholds button[type=submit]")
        await page.wait_for_selector("#message >> text=Alert thresholds saved")
        assert (await page.evaluate("fetch('/api/console/thresholds').then(r => r.json())"))[
            "silent_minutes"] == 0.1
        # The pad says nothing for more than 0.1 minutes: the grid, read again, says so.
        silent = page.locator("#alerts li[data-kind=no_contact]",
                              has_text="its pad (unit 17) not heard for")
        async with asyncio.timeout(60):
            while not await silent.count():
                await refresh_grid(page)
                await asyncio.sleep(0.5)
        unit_link = page.locator("#alerts li[data-kind=stray_bad_mac] a.alert-link")
        await unit_link.click()
        await page.wait_for_selector("#unit-17.pointed")
        await screenshot(page, "alerts-panel")


async def test_withdraw_asks_first_and_a_locked_units_reset_is_one_press(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    answers = iter([False, True, False, True])
    asked = Questions()

    async def answer(dialog: Dialog) -> None:
        asked.append(dialog.message)
        await (dialog.accept() if next(answers) else dialog.dismiss())

    page.on("dialog", answer)
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 3)
        withdraw = page.get_by_role("button", name="Withdraw unit 17")
        await asked.on(withdraw.click())
        assert asked == ["Withdraw unit 17? Its table is freed for another pad and the pad "
                         "takes no more results; results still on it come to you to decide."]
        assert station.hub.units[17].locked_reason is None  # refused: nothing done
        await withdraw.click()
        await page.wait_for_selector("#unit-17[data-state=locked]")
        await page.wait_for_selector("#t-A-3 th[data-state=not_logged_in]")
        await page.wait_for_selector(
            "#message >> text=Unit 17 is withdrawn: its table is free and the station takes no "
            "new result from it")
        # The same dialog says a lost pad keeps its login until paired again, and offers it.
        assert asked[-1].endswith("A lost pad keeps its login to the broker until unit 17 is "
                                  "paired again (so that what it holds reaches you). Pair it "
                                  "again now to shut it out?")
        await page.get_by_role("button", name="Reset unit 17").click()
        await page.wait_for_selector("#unit-17[data-state=free]")
        assert len(asked) == 3  # withdrawn (and not paired again): the reset asks nothing
        assert station.hub.units[17].locked_reason is None
        # The reset says what it did where the panel's buttons report.
        await page.wait_for_selector(
            "#message >> text=Unit 17: lifted its lock and told the pad to forget its session")


async def test_round_clock_and_board_numbers(director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    replies: list[str] = []
    asked = accept_dialogs(page, replies)
    first, second = boards(station, 1, 1)
    await page.wait_for_selector(f"#c-A-1-1 small.bds >> text=B{first}-{second}")
    clock = page.locator("#section-A .clock")
    await clock.locator("text=still playing: tables 1, 2, 3").wait_for()
    assert "of 15 min" in await clock.inner_text()  # two boards a round, 7.5 minutes each
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        for board in (first, second):
            await acked(pad, pad.send(result_at(station, 1, 1, board)))
        await clock.locator("text=still playing: tables 2, 3").wait_for()
        await page.wait_for_selector("#t-A-1 th .heard >> text=s ago")
    question = await asked.on(page.click("#section-A .round-length"))
    # Accepted with its default: 7.5 minutes a board, none for the move.
    assert question.startswith("Round clock in section A: minutes per board")
    await page.wait_for_selector("#message >> text=7.5 minutes per board and 0 per round")
    assert (await page.evaluate("fetch('/api/grid').then(r => r.json())"))[
        "sections"][0]["clock"]["round_minutes"] == 15
    # The director sets 7 minutes a board and 1 for the move: two boards make 15 again, and
    # the clock line says how it is made up.
    replies.append("7 1")
    await page.get_by_role("button", name="Round clock in section A").click()
    await page.wait_for_selector("#message >> text=7 minutes per board and 1 per round")
    await clock.locator("text=of 15 min (7 a board, 1 for the move)").wait_for()
    await screenshot(page, "round-clock")
