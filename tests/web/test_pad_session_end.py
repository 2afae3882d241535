"""The end of a round and of the session, as the players and the director see them: "where to
go" goes once the section has been in the next round a while, the round clock stops over the
final rankings after End session, and /results labels the event as it stands (in play, ended,
and nothing once published), never "(open)". Real Chromium, real mosquitto, a real station;
by role and accessible name."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import Page, expect

from firmware_protocol.messages import Result, Seat
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import login
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
WAIT = 30000
MOVED_ON = 4 * 60 * 1000  # past the time "where to go" stays once the section moved on


@pytest.fixture
def station_size() -> tuple[int, int]:
    return 3, 3  # three rounds of one board


async def others_play(club: Club, round_: int) -> None:
    """Tables 2 and 3 play the round (their results entered on the director's grid)."""
    for table in (2, 3):
        ns, ew, boards = pairs(club.station, table, round_)
        for board in boards:
            await club.station.director.enter(Result(
                section="A", table=table, round=round_, board=board, ns=ns, ew=ew,
                contract="4S", declarer=Seat.S, tricks=10))


async def play(club: Club, page: Page, round_: int) -> None:
    for _ in pairs(club.station, 1, round_)[2]:
        await stored(page, round_, await enter(page, "3NT", "N", 9))


def label(state: str) -> re.Pattern[str]:
    """The event's option on /results: its name, perhaps its date, then `state`."""
    return re.compile(rf"^Tuesday pairs(, [0-9-]+)?{re.escape(state)}$")


async def test_end_session_x_round_clock_where_to_go_and_results_label(club: Club) -> None:
    page = await club.pad(95)
    await log_in(page, 1)
    clock = page.get_by_role("timer", name="Round clock")
    await others_play(club, 1)
    await play(club, page, 1)
    where = page.get_by_role("region", name="Round 1 is over: where to go")
    await expect(where).to_be_visible(timeout=WAIT)
    await expect(clock).to_contain_text("Round 2:", timeout=WAIT)
    # The players have moved and play round 2: a few minutes on, round 1's box is gone.
    await page.evaluate(f"() => {{ pad.now = () => Date.now() + {MOVED_ON}; }}")
    await expect(where).to_be_hidden(timeout=WAIT)
    await expect(page.get_by_role("heading", name="Round 2:")).to_be_visible()

    results = await club.browser.new_page()
    await results.goto(club.url + "/")
    await login(results)
    await results.goto(club.url + "/results")
    event = results.get_by_label("Event").locator("option").first
    await expect(event).to_have_text(label(" (in play)"), timeout=WAIT)

    for round_ in (2, 3):
        await others_play(club, round_)
        await play(club, page, round_)
    await expect(page.get_by_role("heading", name="Session over")).to_be_visible(timeout=WAIT)
    async with director(club) as console:
        assert (await console.post("/api/session/end")).status_code == 200
        await expect(clock).to_be_hidden(timeout=WAIT)  # over the final rankings: stopped
        await results.reload()
        await expect(event).to_have_text(label(" (ended)"), timeout=WAIT)
        assert (await console.post("/api/session/publish")).status_code == 200
    await expect(page.get_by_role("table", name="Rankings")).to_be_visible(timeout=WAIT)
    await expect(clock).to_be_hidden()
    assert await serious_violations(page) == []
    await results.reload()
    await expect(event).to_have_text(label(""), timeout=WAIT)
    await results.close()
