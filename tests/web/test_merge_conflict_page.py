"""A replaced pad comes back with another result for a board the station holds: the director
sees both side by side, keeps or replaces (asked once more), and the alert goes. Real pads on
a real broker, in real Chromium, found by role and name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from basestation.station.session.entries import entry_words, held_from_body
from basestation.station.session.memory import HeldResult
from firmware_protocol.messages import ErrorCode, Nak
from tests.helpers import result_at
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import accept_dialogs, acked, log_in_pad, screenshot
from tests.web.test_grid import boards

pytestmark = pytest.mark.integration


def words(station: Station, board: int) -> tuple[str, str]:
    """Board `board` at table A3 in players' words: held (4♠=) and offered (4♠-1)."""
    held = station.session.sections["A"].held(3, 1, board)
    offered = held_from_body(result_at(station, 3, 1, board, tricks=9), 17, None)
    assert held is not None and isinstance(offered, HeldResult)
    # The page says them with the suits' symbols (issue 52); the station's English, letters.
    shown = [entry_words(e).replace("4S", "4\u2660") for e in (held, offered)]
    return shown[0], shown[1]


async def taken_over(station: Station, new: MqttPad) -> None:
    """The director lets `new` take table A3 over: the pad there is locked out."""
    await station.director.authorise_takeover("A", 3)
    await log_in_pad(new, 3, takeover=True)


async def test_a_conflict_is_settled_side_by_side(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = accept_dialogs(page)
    first, second = boards(station, 3, 1)[:2]
    async with MqttPad(port, "club", 17) as old, MqttPad(port, "club", 18) as new:
        await log_in_pad(old, 3)
        await acked(old, old.send(result_at(station, 3, 1, first)))  # 4S= by South
        await acked(old, old.send(result_at(station, 3, 1, second)))
        await taken_over(station, new)
        # The old pad still had other results for both boards (it never heard they were in).
        for board in (first, second):
            answer = await old.answer(old.send(result_at(station, 3, 1, board, tricks=9)))
            assert isinstance(answer[0], Nak) and answer[0].code is ErrorCode.UNIT_REPLACED

        conflict = page.locator("#alerts li[data-kind=merge_conflict]")
        await expect(conflict).to_have_count(2)
        held_words, offered_words = words(station, first)
        assert held_words.startswith("4\u2660= by South, NS +")
        assert offered_words.startswith("4\u2660-1 by South, NS -")
        await expect(conflict.first).to_contain_text(
            f"Board {first} at table A3 (round 1): the station holds {held_words}; "
            f"it was also sent {offered_words}, unsent on unit 17's pad until another pad "
            "replaced it.")
        await expect(page.locator("#alert-counts")).to_contain_text("2 results in conflict")

        # Keep the held result for the first board.
        await page.get_by_role("button", name=f"Compare board {first} at table A3").click()
        dialog = page.get_by_role("dialog", name=f"Board {first} at table A3, round 1")
        await expect(dialog).to_be_visible()
        await expect(dialog.get_by_role("cell", name=held_words)).to_be_visible()
        await expect(dialog.get_by_role("cell", name=offered_words)).to_be_visible()
        await expect(dialog.get_by_role("columnheader", name="Unsent on unit 17's pad")
                     ).to_be_visible()
        await expect(dialog.get_by_text("The offered result: unsent on unit 17's pad until "
                                        "another pad replaced it.")).to_be_visible()
        await expect(dialog.get_by_role("cell", name="Accepted at the table on unit 17's pad, "
                                                     "pairs 3 North-South and 3 East-West")
                     ).to_be_visible()
        assert await serious_violations(page) == []
        await screenshot(page, "merge-conflict")
        await dialog.get_by_role("button", name=f"Keep the held result for board {first}").click()
        await expect(dialog).to_be_hidden()
        await expect(conflict).to_have_count(1)
        held = station.session.sections["A"].held(3, 1, first)
        assert held is not None and held.tricks == 10

        # Replace the second: asked once more, then the held one is replaced and the pad told.
        await page.get_by_role("button", name=f"Compare board {second} at table A3").click()
        dialog = page.get_by_role("dialog", name=f"Board {second} at table A3, round 1")
        question = await asked.on(
            dialog.get_by_role("button", name="Replace it with unit 17's").click())
        assert question.startswith(f"Replace board {second} at table A3")
        await expect(conflict).to_have_count(0)
        held = station.session.sections["A"].held(3, 1, second)
        assert held is not None and held.tricks == 9 and held.source == "recovery"
        assert station.session.merge_offers == {}
        await page.reload()
        await expect(page.locator("#alerts li[data-kind=merge_conflict]")).to_have_count(0)


async def test_a_lost_pad_sending_a_board_again_is_named_and_declined_at_once(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = accept_dialogs(page)
    first, second = boards(station, 3, 1)[:2]
    async with MqttPad(port, "club", 17) as old, MqttPad(port, "club", 18) as new:
        await log_in_pad(old, 3)
        await taken_over(station, new)
        # The lost pad sends one board three ways, and another board once.
        for board, tricks in ((first, 8), (first, 9), (first, 10), (second, 10)):
            answer = await old.answer(old.send(result_at(station, 3, 1, board, tricks=tricks)))
            assert isinstance(answer[0], Nak) and answer[0].code is ErrorCode.UNIT_REPLACED
        offers = page.locator("#alerts li[data-kind=merge_offer]")
        await expect(offers).to_have_count(2)  # one a board: the latest
        named = page.locator("#alerts li[data-kind=many_offers]")
        await expect(named).to_contain_text("Unit 17, which lost its table, has sent other "
                                            "results for boards it had already sent")
        assert await serious_violations(page) == []
        question = await asked.on(
            page.get_by_role("button", name="Decline all offers from unit 17").click())
        assert question.startswith("Decline every result unit 17 sent after it lost its table?")
        await expect(offers).to_have_count(0)
        await expect(named).to_have_count(0)
        await expect(page.locator("#message")).to_contain_text("Unit 17: 2 offers declined")
        assert station.session.merge_offers == {}
        assert station.session.sections["A"].held(3, 1, first) is None
