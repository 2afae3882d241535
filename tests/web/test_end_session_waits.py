"""End session x the tables still playing x the round clock: End is not Pause. Pressed while a
table still plays the last round, the grid says which and the end waits for it (it plays on,
its pad running); once its last board is in, the session ends, every pad is told so, and the
round clock stops on the grid and on a browser pad. Real mosquitto, real pads, the grid and a
pad in real Chromium; by role and accessible name."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Ack, Result, Seat, StationState, Status
from tests.helpers import director
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import accept_dialogs, log_in_pad, next_of
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
WAIT = 30000


@pytest.fixture
def station_size() -> tuple[int, int]:
    return 3, 3  # three rounds of one board


def played(station: Station, table: int, round_: int) -> Result:
    ns, ew, (board,) = pairs(station, table, round_)
    return Result(section="A", table=table, round=round_, board=board, ns=ns, ew=ew,
                  contract="4S", declarer=Seat.S, tricks=10)


async def test_end_session_x_a_table_still_playing_the_end_waits_for_it(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, port = director_page
    asked = accept_dialogs(page)
    for round_ in (1, 2, 3):
        for table in (1, 2, 3):
            if (round_, table) != (3, 3):
                await station.director.enter(played(station, table, round_))
    async with MqttPad(port, "club", 17) as pad:
        await log_in_pad(pad, 3)
        state = page.locator("#session-state")
        end = page.get_by_role("button", name="End session")
        question = await asked.on(page.get_by_role("button", name="End session").click())
        assert question.startswith("End the session? 1 table is still playing (A3): the "
                                    "session ends once it has finished the round.")
        await expect(state).to_have_text("ending once A3 has finished, results not published",
                                         timeout=WAIT)
        await expect(end).to_be_disabled()
        status = await next_of(pad, Status)
        assert status.state is StationState.RUNNING and not status.ended  # it plays on
        assert station.session.running and not station.session.ended

        # Its last board: taken, and the session ends; the pad is told.
        seq = pad.send(played(station, 3, 3))
        assert isinstance((await pad.answer(seq))[0], Ack)
        status = await next_of(pad, Status)
        assert status.state is StationState.STOPPED and status.ended
    await expect(state).to_have_text("session ended, results not published", timeout=WAIT)
    await expect(page.locator("#section-A .clock")).to_have_text(
        "Round 3: the session has ended, the round clock is stopped")
    # The switch says what it does now: open the session again, not "Resume entry".
    await expect(page.get_by_role("button", name="Open the session again")).to_be_visible()
    await expect(page.get_by_role("button", name="Resume entry")).to_have_count(0)
    assert station.session.ended
    assert await serious_violations(page) == []


async def test_end_session_x_round_clock_stops_on_the_pad_between_rounds(club: Club) -> None:
    """Round 1 played, round 2 begun nowhere: End ends at once (nobody to wait for), and the
    pad, which counted round 2 down, stops its clock."""
    page = await club.pad(95)
    await log_in(page, 1)
    for table in (2, 3):
        await club.station.director.enter(played(club.station, table, 1))
    await stored(page, 1, await enter(page, "3NT", "N", 9))
    clock = page.get_by_role("timer", name="Round clock")
    await expect(clock).to_contain_text("Round 2:", timeout=WAIT)
    async with director(club) as console:
        answer = await console.post("/api/session/end")
        assert answer.status_code == 200 and answer.json()["ending"] == [], answer.text
    await expect(clock).to_be_hidden(timeout=WAIT)
    assert club.station.session.ended
