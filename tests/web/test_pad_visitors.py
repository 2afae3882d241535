"""Visitors named at the pads, bounded (issue 36): one pad naming a new visitor in every
`players` it sends, as a script with its key would, adds only its share to the club's list;
the rest are seated as unnamed visitors, and the director's grid names the pad in words.
Real mosquitto, a real station, the grid in real Chromium found by role; axe-core."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import expect

from basestation.station.session.visitor_bound import PER_UNIT
from firmware_protocol.messages import Ack, Players, Seating
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import log_in_pad
from tests.web.conftest import login as log_in_director
from tests.web.padclub import Club, broker, club

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
SENT = PER_UNIT + 40


async def test_pad_players_visitors_bounded_per_unit_and_the_grid_names_the_pad(
        club: Club) -> None:
    station = club.station
    async with MqttPad(club.broker.port, "club", 17) as pad:
        await log_in_pad(pad, 1)
        for n in range(SENT):
            body = Players("A", 1, 1, 0, 0, 10234, 0, visitors=(("north", f"Guest {n}"),))
            answer = await pad.request(body)
            assert isinstance(answer[0], Ack), answer  # nothing valid is refused
        # The seating that answered the last: visitors with no name, for the director.
        await asyncio.sleep(0.3)
        told = [m.body for m in [pad.inbox.get_nowait() for _ in range(pad.inbox.qsize())]
                if isinstance(m.body, Seating)]
        assert (told[-1].north.number, told[-1].south.number) == (0, 10234)
    visitors = [n for n in station.session.players if n > 9_000_000]
    assert len(visitors) == PER_UNIT  # its share, and not one more
    assert station.session.visitor_bound.refused[17] == SENT - PER_UNIT

    grid = await club.browser.new_page(viewport={"width": 1200, "height": 900})
    await grid.goto(club.url + "/")
    await log_in_director(grid)
    panel = grid.get_by_role("region", name=re.compile("^Alerts"))
    said = panel.get_by_role("listitem").filter(has_text=re.compile(
        f"Pad 17 at table A1 has added {PER_UNIT} visitors to the player list tonight, more "
        "than a table meets"))
    await expect(said).to_be_visible()
    await expect(panel).to_contain_text("1 pad adding too many visitors")
    assert "too_many_visitors" not in (await panel.inner_text())
    assert await serious_violations(grid) == []
    await grid.close()
