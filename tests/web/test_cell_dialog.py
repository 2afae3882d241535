"""The open cell dialog is never redrawn under the director: heartbeats and results from the
pads bring what it shows up to date, but what is typed or chosen stays, and a ruling keeps
the choice it was given. A refused entry shows the station's sentence."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Heartbeat
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import acked, log_in_pad, screenshot
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration


async def test_typing_survives_heartbeats_and_results(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    first, second = boards(station, 1, 1)
    await page.click("#c-A-1-1")
    panel = f"#cell-boards .board[data-board='{first}']"
    other = f"#cell-boards .board[data-board='{second}']"
    await page.wait_for_selector(panel)
    await page.fill(f"{panel} form.correct input[name=contract]", "3NT")
    await page.fill(f"{panel} form.correct input[name=tricks]", "9")
    await page.select_option(f"{panel} form.ruling select", "60/40")
    await page.fill(f"{panel} form.ruling input[name=detail]", "half typed")
    await page.focus(f"{panel} form.correct input[name=tricks]")
    await page.evaluate(f"window.kept = document.querySelector(\"{panel} form.correct\")")
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        for _ in range(3):
            await acked(pad, pad.send(Heartbeat(battery=80)))
        await acked(pad, pad.send(result_at(station, 1, 1, second)))
        # The other board's panel shows the pad's result as it arrives...
        await page.wait_for_selector(f"{other} .held >> text=4\u2660")
        await page.wait_for_selector("#unit-17")
    # ...and nothing the director had typed or chosen moved.
    assert await page.evaluate("window.kept.isConnected")
    assert await page.input_value(f"{panel} form.correct input[name=contract]") == "3NT"
    assert await page.input_value(f"{panel} form.correct input[name=tricks]") == "9"
    assert await page.input_value(f"{panel} form.ruling select") == "60/40"
    assert await page.input_value(f"{panel} form.ruling input[name=detail]") == "half typed"
    assert await page.evaluate("document.activeElement.name") == "tricks"

    # A ruling keeps what was chosen, after the station confirms it and the grid refreshes.
    await page.fill(f"{panel} form.ruling input[name=detail]", "")
    await page.evaluate("""() => {
      window.busy = [];
      new MutationObserver((changes) => {
        for (const c of changes) if (c.target.dataset.busy) window.busy.push(c.target.textContent);
      }).observe(document.getElementById('cell-boards'),
                 {subtree: true, attributes: true, attributeFilter: ['data-busy']});
    }""")
    await page.click(f"{panel} form.ruling button[type=submit]")
    await page.wait_for_selector(f"{panel} .held >> text=60/40")
    await page.wait_for_selector("#c-A-1-1[data-state=corrected]")
    assert await page.input_value(f"{panel} form.ruling select") == "60/40"
    # The ruling button said it was waiting while the station stored the ruling.
    assert await page.evaluate("window.busy") == ["waiting…"]
    held = station.session.sections["A"].held(1, 1, first)
    assert held is not None and held.adjusted == "60/40"

    # A contract that cannot be: the station's sentence, and nothing changes.
    await page.fill(f"{panel} form.correct input[name=contract]", "8NT")
    await page.click(f"{panel} form.correct button[type=submit]")
    await page.wait_for_selector("#cell-message >> text=8NT is not a contract")
    assert station.session.sections["A"].held(1, 1, first).adjusted == "60/40"  # type: ignore[union-attr]
    await page.fill(f"{panel} form.correct input[name=contract]", "")
    await page.click(f"{panel} form.correct button[type=submit]")
    await page.wait_for_selector("#cell-message >> text=The contract is empty.")
    await screenshot(page, "cell-dialog-refusal")


async def test_a_bad_split_is_refused_in_words(director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    board = boards(station, 2, 1)[0]
    await page.click("#c-A-2-1")
    form = f"#cell-boards .board[data-board='{board}'] form.ruling"
    await page.wait_for_selector(form)
    await page.select_option(f"{form} select", "split...")
    await page.fill(f"{form} input[name=detail]", "70/20")
    await page.click(f"{form} button[type=submit]")
    await page.wait_for_selector("#cell-message >> text=20 is not a score a board can have")
    assert await page.input_value(f"{form} select") == "split..."
    assert station.session.sections["A"].held(2, 1, board) is None


async def test_the_cell_dialog_writes_results_as_the_pad_and_follows_a_ruling(
        director_page: tuple[Station, Page, int]) -> None:
    """The held result in the pad's notation and suit symbols (4♠= by South, lead ♥K); after a
    ruling, the Correct form holds what the station holds now, not the contract ruled away."""
    station, page, port = director_page
    first, second = boards(station, 1, 1)
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        for board in (first, second):
            await acked(pad, pad.send(replace(result_at(station, 1, 1, board), lead="HK")))
    await page.get_by_role("button", name=re.compile("^Table 1, round 1")).click()
    dialog = page.get_by_role("dialog", name="Section A, table 1, round 1")
    panel = dialog.get_by_role("region", name=f"Board {first}")
    await expect(panel.locator(".held")).to_have_text("4♠= by South, lead ♥K, NS +420")
    await expect(panel.get_by_label("contract")).to_have_value("4S")
    await expect(panel.get_by_label("lead")).to_have_value("HK")

    await panel.get_by_label("ruling", exact=True).select_option("AVE+/AVE-")
    await panel.get_by_role("button", name=f"Rule on board {first}").click()
    await expect(panel.locator(".held")).to_have_text("adjusted AVE+/AVE-")
    for field in ("contract", "tricks", "lead"):
        await expect(panel.get_by_label(field, exact=True)).to_have_value("")
    await expect(panel.get_by_label("declarer")).to_have_value("")
    # The other board, untouched, still holds its own result.
    other = dialog.get_by_role("region", name=f"Board {second}")
    await expect(other.get_by_label("contract")).to_have_value("4S")
    # Corrected again from the form: the form holds the new result, with its lead.
    await panel.get_by_label("contract").fill("3NT")
    await panel.get_by_label("declarer").select_option("N")
    await panel.get_by_label("tricks", exact=True).fill("9")
    await panel.get_by_label("lead", exact=True).fill("D10")
    await panel.get_by_role("button", name=f"Correct board {first}").click()
    await expect(panel.locator(".held")).to_contain_text("3NT= by North, lead ♦10, NS +400")
    await expect(panel.get_by_label("contract")).to_have_value("3NT")
    assert await serious_violations(page) == []
