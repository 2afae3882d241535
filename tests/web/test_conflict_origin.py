"""Pads moving with the pairs x the conflict dialog: East-West's correction, agreed at the table
after the round on their moving pad and sent once the next round had begun there, reaches the
director named as what it is (not as a replaced pad's unsent entry), with the entry each side
accepted. Real pads on a real broker, the grid in real Chromium, by role and accessible name."""

from __future__ import annotations

import re
from dataclasses import replace

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.enums import ErrorCode, PadPlace
from firmware_protocol.messages import Correction, Nak, Seat
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, accept_dialogs, acked, log_in_pad
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration
UNITS = (81, 82, 83)  # the pads of EW pairs 1, 2 and 3, starting at tables 1, 2 and 3


async def test_pads_that_move_x_conflict_dialog_names_the_correction_after_the_round(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = accept_dialogs(page)
    await station.director.set_pads("A", PadPlace.EW)
    async with MqttPad(port, "club", 81) as ew1, MqttPad(port, "club", 82) as ew2, \
            MqttPad(port, "club", 83) as ew3:
        pads = (ew1, ew2, ew3)
        for table, pad in enumerate(pads, 1):
            await log_in_pad(pad, table)
            for board in boards(station, table, 1):
                played = replace(result_at(station, table, 1, board), lead="HK")
                await acked(pad, pad.send(played))  # 4♠= by South, lead HK
        # EW 3 move to table 1 with their pad and begin round 2 there.
        await log_in_pad(ew3, 1)
        await acked(ew3, ew3.send(result_at(station, 1, 2, boards(station, 1, 2)[0])))
        # EW 1, at their next table, correct a board of table 1's round 1: too late there.
        first = boards(station, 1, 1)[0]
        held = result_at(station, 1, 1, first)
        fixed = Correction(section="A", table=1, round=1, board=first, ns=held.ns, ew=held.ew,
                           contract="4S", declarer=Seat.S, tricks=9, lead="HK")
        seq = ew1.send(fixed)
        answer = await ew1.answer(seq)
        assert isinstance(answer[0], Nak) and answer[0].code is ErrorCode.CORRECTION_CLOSED

    origin = ("a correction agreed at the table after the round, sent from unit 81's pad once "
              "the next round had begun there")
    alert = page.locator("#alerts li[data-kind=merge_conflict]")
    await expect(alert).to_contain_text(
        f"Board {first} at table A1 (round 1): the station holds 4♠= by South, lead ♥K, NS "
        f"+420; it was also sent 4♠-1 by South, lead ♥K, NS -50, {origin}.", timeout=20000)
    assert "lost its table" not in (await alert.inner_text())

    await page.get_by_role("button", name=f"Compare board {first} at table A1").click()
    dialog = page.get_by_role("dialog", name=f"Board {first} at table A1, round 1")
    await expect(dialog.get_by_text(f"The offered result: {origin}.")).to_be_visible()
    await expect(dialog.get_by_role("columnheader", name="Correction after the round")) \
        .to_be_visible()
    await expect(dialog.get_by_role("cell", name="4♠= by South, lead ♥K, NS +420")) \
        .to_be_visible()
    await expect(dialog.get_by_role("cell", name="4♠-1 by South, lead ♥K, NS -50")) \
        .to_be_visible()
    pairs = f"pairs {held.ns} North-South and {held.ew} East-West"
    await expect(dialog.get_by_role("cell", name=f"Accepted at the table on unit 81's pad, "
                                                 f"{pairs}")).to_be_visible()
    await expect(dialog.get_by_role("cell", name=f"Corrected at the table after the round on "
                                                 f"unit 81's pad, {pairs}")).to_be_visible()
    await expect(dialog.get_by_text(re.compile("replaced, locked or reset"))).to_have_count(0)
    assert await serious_violations(page) == []

    url = page.url.rstrip("/")
    async with httpx.AsyncClient(base_url=url, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        (offer,) = (await director.get("/api/merge-offers")).json()
    assert (offer["origin"], offer["held_source"], offer["held_unit"]) == ("correction", "pad", 81)

    question = await asked.on(
        dialog.get_by_role("button", name="Replace it with the correction").click())
    assert question == (f"Replace board {first} at table A1 (4♠= by South, lead ♥K, NS +420) "
                         "with the correction (4♠-1 by South, lead ♥K, NS -50)?")
    await expect(alert).to_have_count(0)
    now = station.session.sections["A"].held(1, 1, first)
    assert now is not None and now.tricks == 9
