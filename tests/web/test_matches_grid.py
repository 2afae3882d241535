"""A Swiss teams night at the grid: pads send round 1, the next round is drawn and pushed to
them, the panel shows the matches and live standings, and the director closes a round early."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from playwright.async_api import Browser, Page

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from firmware_protocol.messages import Control, ControlCommand, GameData, Login, Result, Seat
from tests.pads import MqttPad
from tests.web.conftest import acked, log_in_pad, login, next_of, screenshot, serve

pytestmark = pytest.mark.integration


def _result(station: Station, table: int, round_: int, board: int, tricks: int) -> Result:
    assignment = station.session.sections["A"].movement.at(round_, table)
    assert assignment is not None and assignment.ns and assignment.ew
    return Result(section="A", table=table, round=round_, board=board, ns=assignment.ns,
                  ew=assignment.ew, contract="4S", declarer=Seat.S, tricks=tricks)


async def test_swiss_teams_round_by_round_at_the_grid(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    new = NewEvent("Swiss teams", "nz", (SectionConfig("A", "swiss-teams", 4, 2),),
                   event_format="swiss-teams", rounds=3)
    await station.director.open_new_event(new)
    async for url in serve(station):
        page: Page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(url + "/")
        await login(page)
        panel = page.locator("#matches")
        await panel.locator("table[aria-label='Round 1 matches'] tr.match").first.wait_for()
        # club-directors-manual.txt, "Seeding and Draw for Swiss": round 1 is top half v
        # bottom half, 1 v 3 and 2 v 4 for four teams.
        assert await panel.locator("tr.match td:nth-child(2)").all_inner_texts() == [
            "1 v 3", "2 v 4"]
        async with contextlib.AsyncExitStack() as pads:
            table_pads = [await pads.enter_async_context(MqttPad(mosquitto, "club", 30 + t))
                          for t in range(1, 5)]
            for table, pad in enumerate(table_pads, start=1):
                await log_in_pad(pad, table)
                await next_of(pad, GameData)
            for table, pad in enumerate(table_pads, start=1):
                for board in (1, 2):
                    await acked(pad, pad.send(_result(station, table, 1, board,
                                                      10 if table % 2 else 9)))
            # Round 1 is in: round 2 is drawn and every pad is told to log in again, and
            # gets its new round in fresh game data.
            for table, pad in enumerate(table_pads, start=1):
                control = await next_of(pad, Control)
                assert control.command == ControlCommand.RELOGIN
                await acked(pad, pad.send(Login(section="A", table=table)))
                data = await next_of(pad, GameData)
                assert [r.round for r in data.rounds] == [1, 2]
        await panel.locator("table[aria-label='Round 2 matches']").wait_for()
        round_2 = panel.locator("table[aria-label='Round 2 matches'] td:nth-child(2)")
        assert await round_2.all_inner_texts() == ["1 v 2", "3 v 4"]
        round_1 = panel.locator("table[aria-label='Round 1 matches'] tr.match")
        assert await round_1.first.get_attribute("data-finished") == "yes"
        # Team 1's NS made 4S at table 1 and team 3's NS went one off at table 2: 1 v 3 is
        # team 1's by a game swing on both boards, and the same for 2 v 4.
        standings = panel.locator("table.standings tbody tr")
        assert await standings.count() == 4
        first = await standings.first.locator("td").all_inner_texts()
        assert first[1] in {"1", "2"} and float(first[2]) == 20
        not_begun = panel.locator("table[aria-label='Round 2 matches'] td:nth-child(5)")
        assert await not_begun.all_inner_texts() == ["-", "-"]
        await screenshot(page, "matches-grid")
        # The director closes round 2 with nothing in: round 3 is drawn now.
        page.once("dialog", lambda dialog: dialog.accept())
        await panel.locator("button.draw-next").click()
        await panel.locator("table[aria-label='Round 3 matches']").wait_for()
        assert await panel.locator("button.draw-next").count() == 0  # every round drawn
        assert station.session.sections["A"].movement.rounds == 3
        await page.close()
