"""The grid's alerts, cell and table dialogs, units panel with pairing, and players panel in
the director's language (issue 52): a pseudo-language walk finds every word of theirs in the
catalogs, and in French they read as French, contracts with the suits' symbols, with axe-core
clean on an open dialog. Real pads on a real broker, the grid in real Chromium.

The walk reads only what these panels write (the grid's own page, its headings and its state
words are another walk's): a conflict's two entries too, said from their fields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from playwright.async_api import Browser, Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import ErrorCode, Heartbeat, Nak
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import accept_dialogs, acked, log_in_pad, login, serve
from tests.web.pseudo import Walk, in_pseudo_language, said
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration

# What these panels write; the live "last heard" and the units' and tables' state words are
# the grid's (grid_words.js).
ALERTS = ["#alert-counts", "#alerts-act", "#alerts-info"]
UNITS = ["#units tbody", "#pair-url", "#pair-expires"]
CELL = ["#cell-title", "#cell-pairs", "#cell-boards", "#cell-message"]
TABLE = ["#table-title", "#table-facts", "#table-pending", "#table-actions"]
CONFLICT = ["#conflict-title", "#conflict-origin", "#conflict-offered-head", "#conflict-held",
            "#conflict-offered", "#conflict-held-from", "#conflict-offered-from", "#conflict-keep",
            "#conflict-replace"]
SKIP = [".seen", ".unit-state"]


async def open_cell(page: Page) -> None:
    """Table A1's round 1 in the cell dialog, as pressing its cell on the grid opens it."""
    await page.evaluate("async () => (await import('/static/cell_dialog.js')).showCell('A', 1, 1)")


async def conflict_at_table_3(station: Station, old: MqttPad, new: MqttPad) -> int:
    """Table A3's pad is replaced, then sends another result for a board it had sent: a
    conflict (and a replaced pad) for the director. Returns the board."""
    first = boards(station, 3, 1)[0]
    await log_in_pad(old, 3)
    await acked(old, old.send(result_at(station, 3, 1, first)))
    await station.director.authorise_takeover("A", 3)
    await log_in_pad(new, 3, takeover=True)
    answer = await old.answer(old.send(result_at(station, 3, 1, first, tricks=9)))
    assert isinstance(answer[0], Nak) and answer[0].code is ErrorCode.UNIT_REPLACED
    return first


async def test_the_grids_panels_and_dialogs_say_every_word_from_the_catalogs(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context(viewport={"width": 1024, "height": 768})
        await in_pseudo_language(context, url)
        page = await context.new_page()
        accept_dialogs(page)
        await page.goto(url + "/")
        await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        await login(page)
        walk = Walk(page, names=["A"], skip=SKIP)
        async with MqttPad(mosquitto, "club", 17) as pad, MqttPad(mosquitto, "club", 18) as old, \
                MqttPad(mosquitto, "club", 19) as new:
            await log_in_pad(pad, 1)
            pad.send(Heartbeat(battery=80))
            for board in boards(station, 1, 1):
                await acked(pad, pad.send(replace(result_at(station, 1, 1, board), lead="HK")))
            await conflict_at_table_3(station, old, new)

            # The alerts: a conflict to compare, a replaced pad, each counted.
            conflict = page.locator("#alerts li[data-kind=merge_conflict]")
            await expect(conflict).to_have_count(1, timeout=20000)
            await expect(page.locator("#alerts li[data-kind=unit_replaced]")).to_have_count(1)
            await walk.check("alerts", ALERTS)
            await conflict.get_by_role("button").first.click()
            await expect(page.locator("#conflict")).to_be_visible()
            await expect(page.locator("#conflict-held")).to_contain_text("4\u2660=")
            await walk.check("conflict dialog", CONFLICT)
            await page.locator("#conflict form.dialog-head button").click()
            # One dismissed: the dismissed alerts are counted, and shown again.
            await page.locator("#alerts li[data-kind=unit_replaced] button.dismiss").click()
            await expect(page.locator("#show-dismissed")).to_be_visible()
            await walk.check("alerts, one dismissed", [*ALERTS, "#show-dismissed"])
            await page.locator("#show-dismissed").click()
            await expect(page.locator("#alerts li[data-dismissed=yes]")).to_have_count(1)
            await walk.check("alerts, the dismissed shown", [*ALERTS, "#show-dismissed"])

            # The cell dialog with a held result, its history open.
            await open_cell(page)
            cell = page.locator("#cell")
            await expect(cell.locator(".board .held").first).to_contain_text("4\u2660")
            await cell.locator(".history summary").first.click()
            await walk.check("cell dialog, a held result", CELL)
            await cell.locator("form.dialog-head button").click()

            # The table dialog: its pad, last heard, battery, the way back.
            await page.evaluate(
                "async () => (await import('/static/table_dialog.js')).showTable('A', 1)")
            await expect(page.locator("#table-dialog")).to_be_visible()
            await expect(page.locator("#table-actions button")).to_have_count(3)
            await walk.check("table dialog", TABLE)
            await page.locator("#table-actions [data-action=takeover]").click()
            await expect(page.locator("#table-pending")).not_to_be_empty()
            await walk.check("table dialog, a takeover waiting", TABLE)
            await page.locator("#table-dialog form.dialog-head button").click()

            # The units panel, and a unit paired: its link and how long it works.
            await expect(page.locator("#units tbody tr")).to_have_count(3)
            await walk.check("units panel", UNITS)
            await page.locator("#pair [name=unit]").fill("20")
            await page.locator("#pair [type=submit]").click()
            await expect(page.locator("#pair-link")).to_be_visible()
            await walk.check("units panel, a unit paired", UNITS)

        # The players panel, and the seating dialog of a pair.
        await walk.check("players panel", ["#seats"])
        await page.locator("#seats button").first.click()
        await expect(page.locator("#seat-dialog")).to_be_visible()
        await page.locator("#seat-lines input[type=number]").first.fill("99999")
        await expect(page.locator("#seat-lines .found").first).not_to_be_empty()
        await walk.check("seating dialog", ["#seat-dialog"])
        walk.report("grid's dialogs and panels")
        await context.close()


async def test_the_cell_dialog_and_units_in_french(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        context = await browser.new_context(locale="fr-FR", viewport={"width": 1024, "height": 768})
        page = await context.new_page()
        await page.goto(url + "/")
        await expect(page.locator("html")).to_have_attribute("lang", "fr")
        await login(page)
        async with MqttPad(mosquitto, "club", 17) as pad:
            await log_in_pad(pad, 1)
            pad.send(Heartbeat(battery=80))
            first = boards(station, 1, 1)[0]
            await acked(pad, pad.send(replace(result_at(station, 1, 1, first), lead="HK")))
            # The battery as French writes a percentage; the unit's button in French.
            row = page.locator("#unit-17")
            await expect(row).to_contain_text("80\u00a0%")
            await expect(row.get_by_role("button", name=said("fr", "Withdraw unit {unit}", unit=17))
                         ).to_be_visible()
            await open_cell(page)
            title = said("fr", "Section {section}, table {table}, round {round}",
                         section="A", table=1, round=1)
            dialog = page.get_by_role("dialog", name=title)
            await expect(dialog).to_be_visible()
            panel = dialog.get_by_role("region", name=said("fr", "Board {board}", board=first))
            # 4♠= by South (Sud), lead ♥K, with North-South's score as French writes the side.
            held = said("fr", "{result} by {by}, lead {card}", result="4\u2660=", by="Sud",
                        card="\u2665K")
            await expect(panel.locator(".held")).to_contain_text(held)
            await expect(panel.locator(".held")).to_contain_text("NS +420")
            await expect(panel.get_by_role("button", name=said("fr", "Rule on board {board}",
                                                               board=first))).to_be_visible()
            assert await serious_violations(page) == []
        await context.close()
