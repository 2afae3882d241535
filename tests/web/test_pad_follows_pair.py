"""Pads that move with the pairs (SPEC.md 14.10): three browser pads of a 3-table Mitchell
follow the EW pairs through two rounds. At the end of a round each says where its pair goes
and logs in there by itself, waiting while that table still plays. Real Chromium, real
mosquitto, a real station; by role and accessible name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.padclub import Club, broker, club, pairs, play
from tests.web.padpage import log_in

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
WAIT = 30000  # the machine may be busy: generous waits
UNITS = {1: 81, 2: 82, 3: 83}  # the pad of EW pair n starts at table n


def table_in(round_: int, pair: int) -> int:
    """Where EW pair `pair` of the 3-table Mitchell sits in a round: one table up each."""
    return (pair + round_ - 2) % 3 + 1


async def test_pads_follow_the_ew_pairs_through_two_rounds(club: Club) -> None:
    async with director(club) as console:
        answer = await console.put("/api/sections/A/pads", json={"pads": "ew"})
        assert answer.status_code == 200, answer.text
    pads: dict[int, Page] = {}
    for pair, unit in UNITS.items():
        pads[pair] = await club.pad(unit, viewport=PHONE)
        await log_in(pads[pair], pair)
    first = pads[1]
    await play(club, first, 1, 1)
    where = first.get_by_role("region", name="Round 1 is over: where to go")
    await expect(where).to_be_visible(timeout=WAIT)
    await expect(where.get_by_role("listitem").first).to_have_text(
        "Your pair (EW 1) moves to table 2: this pad will log in there")
    # Table 2 still plays round 1: the pad waits, and says so.
    await expect(where.get_by_role("listitem").filter(has_text="Table 2 is still playing")) \
        .to_be_visible(timeout=WAIT)
    assert await serious_violations(first) == []
    for pair in (2, 3):
        await play(club, pads[pair], pair, 1)
    for round_ in (2, 3):
        for pair, page in pads.items():  # each pad is now at its pair's table, playing
            table = table_in(round_, pair)
            await expect(page.get_by_text(f"Unit {UNITS[pair]}, table A{table}")).to_be_visible(
                timeout=WAIT)
            await page.wait_for_selector("body[data-state=play]", timeout=WAIT)
        holders = club.station.session.sections["A"].holders
        assert holders == {table_in(round_, p): UNITS[p] for p in UNITS}
        if round_ == 3:
            break
        for pair, page in pads.items():
            await play(club, page, table_in(round_, pair), round_)
    section = club.station.session.sections["A"]
    for round_ in (1, 2):  # every result stored at the table its pair played at
        for pair in UNITS:
            table = table_in(round_, pair)
            for board in pairs(club.station, table, round_)[2]:
                held = section.held(table, round_, board)
                assert held is not None and held.ew == pair
    assert await serious_violations(pads[3]) == []
