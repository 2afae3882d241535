"""The set-up page in real Chromium: a whole club night set up from the browser, with no
configuration file. A real station on a real broker, a real pad logged in to the event in
play, real file uploads."""

from __future__ import annotations

import pytest
from playwright.async_api import Page

from basestation.station.app import Station
from firmware_protocol.messages import Control, ControlCommand, GameData, Login
from tests.formats.test_handrecords_players import PBN
from tests.pads import MqttPad
from tests.web.conftest import acked, log_in_pad, next_of, screenshot

pytestmark = pytest.mark.integration


async def set_section(page: Page, index: int, movement: str, tables: int, boards: int) -> None:
    row = page.locator(".section-setup").nth(index)
    await row.locator("[name=movement]").select_option(movement)
    await row.locator("[name=tables]").fill(str(tables))
    await row.locator("[name=boards]").fill(str(boards))


async def test_a_club_night_is_set_up_from_the_browser(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    old_event = station.session.event_id
    async with MqttPad(broker, "club", 17) as pad:
        await log_in_pad(pad, 1)
        await page.goto(page.url.rstrip("/") + "/setup")
        first = page.locator(".section-setup").first
        await page.wait_for_selector(".section-setup[data-valid=yes]")
        await page.wait_for_selector("#open-now >> text=Open now: Tuesday pairs (in play)")
        await page.fill("[name=name]", "Friday pairs")
        await page.fill("[name=date]", "2026-11-27")
        await page.select_option("[name=regulations]", "ebu")

        # A movement that cannot be is said so, in the movement library's words.
        await set_section(page, 0, "howell", 7, 28)
        await page.wait_for_selector(".section-setup[data-valid=no]")
        assert "a 7-table Howell plays 13 rounds" in await first.locator(".balance").inner_text()
        await page.click("#open-event")
        await page.wait_for_function(
            "() => document.getElementById('setup-error').textContent.includes('7-table Howell')")
        assert station.session.event_id == old_event  # refused: nothing changed

        # The live preview: table by round, the pairs and the boards, and the balance check.
        await set_section(page, 0, "howell", 3, 10)
        await page.wait_for_selector(".section-setup[data-valid=yes] .movement-preview")
        assert (await first.locator(".balance").inner_text()).startswith("5 rounds. Balanced")
        assert await first.locator(".movement-preview tbody tr").count() == 3
        assert await first.locator(".movement-preview thead th").count() == 6  # + row heads
        cell = await first.locator("td[data-round='1'][data-table='1']").inner_text()
        assert " v " in cell and "bd " in cell
        await page.click("#add-section")
        second = page.locator(".section-setup").nth(1)
        assert await second.locator("[name=letter]").input_value() == "B"
        await set_section(page, 1, "mitchell", 4, 8)
        await page.wait_for_function("() => document.querySelectorAll("
                                     "'.section-setup[data-valid=yes]').length === 2")

        # Guide cards for the section, to print: one card per table.
        async with page.expect_popup() as popup:
            await first.locator("a.cards").click()
        cards = await popup.value
        await cards.wait_for_load_state()
        assert await cards.locator(".card").count() == 3
        assert "Friday pairs: section A" in await cards.content()
        await cards.close()

        # Files are read as they are chosen; a bad one is refused at once.
        await page.set_input_files("#pbn-file", files=[{
            "name": "friday.pbn", "mimeType": "text/plain", "buffer": PBN.encode()}])
        await page.wait_for_selector("#pbn-state.good")
        assert await page.inner_text("#pbn-state") == "2 boards read from friday.pbn (1-2)."
        await page.set_input_files("#roster-file", files=[{
            "name": "bad.csv", "mimeType": "text/csv", "buffer": b"12,Ann Smith\nBob,7\n"}])
        await page.wait_for_selector("#roster-state.bad")
        assert "line 2: expected number,name" in await page.inner_text("#roster-state")
        await page.set_input_files("#roster-file", files=[{
            "name": "club.csv", "mimeType": "text/csv",
            "buffer": b"number,name\n12,Ann Smith\n7,Bob Brown\n"}])
        await page.wait_for_selector("#roster-state.good")
        await page.fill("#visitor-number", "901")
        await page.fill("#visitor-name", "Val Visitor")
        await page.click("#add-visitor")
        assert await page.locator("#players tbody tr").count() == 3

        # Tuesday's event is in play: the director is asked first; Cancel changes nothing.
        await page.click("#open-event")
        await page.wait_for_selector("#confirm[open]")
        assert "Tuesday pairs is still in play" in await page.inner_text("#confirm-text")
        await page.click("#confirm button[value=cancel]")
        assert station.session.event_id == old_event
        await page.click("#open-event")
        await page.wait_for_selector("#confirm[open]")
        await page.click("#confirm-close")
        await page.wait_for_function(
            "() => document.getElementById('message').textContent.includes('is open')")
        assert "Friday pairs (2026-11-27) is open" in await page.inner_text("#message")
        await page.wait_for_selector("#open-now >> text=Open now: Friday pairs (in play)")
        await screenshot(page, "setup-page")

        rules = station.rules
        assert rules.session.event_id != old_event and rules.session.event_name == "Friday pairs"
        assert str(rules.session.event_date) == "2026-11-27" and rules.session.regulations == "ebu"
        sections = rules.session.sections
        assert {k: (s.movement.kind, s.movement.tables) for k, s in sections.items()} == {
            "A": ("howell", 3), "B": ("mitchell", 4)}
        assert set(rules.session.deal_text) == {("A", 1), ("A", 2), ("B", 1), ("B", 2)}
        assert rules.session.players == {7: "Bob Brown", 12: "Ann Smith", 901: "Val Visitor"}
        # The pad of the closed event is told to log in again, and gets the new movement.
        assert (await next_of(pad, Control)).command is ControlCommand.RELOGIN
        await acked(pad, pad.send(Login(section="A", table=1)))
        game = await next_of(pad, GameData)
        assert len(game.rounds) == 5 and game.results == ()
    assert [(e.name, e.running) for e, _ in station.store.events()] == [
        ("Friday pairs", True), ("Tuesday pairs", False)]
