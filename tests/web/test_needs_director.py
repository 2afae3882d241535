"""The grid's "needs the director" view at a congress: a board missing at the round's end, a
lead to check, a merge offer, a locked unit and a flat battery each appear where to walk and
leave once settled, all from the live stream; a burst of identical security alerts is one
line with its count, apart from what asks for action; usable at 200% zoom and on a tablet.
Real pads on a real broker, in real Chromium, found by role and label; axe-core (issue: the
congress grid)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import aiomqtt
import httpx
import pytest
from playwright.async_api import Browser, Page, Route, expect

from basestation.station.app import Station
from firmware_protocol import jsonwire
from firmware_protocol.messages import ErrorCode, Heartbeat, Message, Nak, Result, Seat
from tests.pads import MqttPad
from tests.web.conftest import PASSWORD, accept_dialogs, acked, log_in_pad, login, screenshot, serve
from tests.web.test_congress_grid import LAPTOP, congress
from tests.web.test_console_accessible import no_violations

pytestmark = pytest.mark.integration
WAIT = 20000  # ms: the machine may be busy
WRONG_KEY = b"\x01" * 16
# North holds the top spades: with South declaring, West leads, so the spade ace is wrong.
DEAL = ('[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
        '432.AKQJ.T98.765"]\n')


def played(station: Station, table: int, round_: int, board: int,
           lead: str | None = None) -> Result:
    assignment = station.session.sections["A"].movement.at(round_, table)
    assert assignment is not None and assignment.ns and assignment.ew
    return Result("A", table, round_, board, assignment.ns, assignment.ew, "4S", Seat.S, 10,
                  lead)


def boards(station: Station, table: int) -> tuple[int, ...]:
    assignment = station.session.sections["A"].movement.at(1, table)
    assert assignment is not None
    return assignment.boards


async def hand_record(base: str, board: int) -> None:
    async with httpx.AsyncClient(base_url=base, headers={"Origin": base}, timeout=15) as api:
        await api.post("/api/login", json={"password": PASSWORD})
        answer = await api.put("/api/sections/A/hand-records",
                               json={"pbn": f'[Board "{board}"]\n{DEAL}'})
        assert answer.is_success, answer.text


def api_requests(page: Page) -> list[str]:
    """The page's requests to the station from now on."""
    made: list[str] = []
    page.on("request", lambda r: made.append(r.url) if "/api/" in r.url else None)
    return made


def needs_view(page: Page) -> Any:
    return page.get_by_role("region", name="Needs the director")


async def enter_board(page: Page, board: int, lead: str) -> None:
    """In the open cell dialog: board `board` entered (or corrected) as 4S= by South."""
    dialog = page.get_by_role("dialog", name=re.compile(r"^Section A, table \d+, round 1$"))
    panel = dialog.get_by_role("region", name=f"Board {board}", exact=True)
    await panel.get_by_label("contract").fill("4S")
    await panel.get_by_label("declarer").select_option("S")
    await panel.get_by_label("tricks").fill("10")
    await panel.get_by_label("lead").fill(lead)
    await panel.get_by_role("button", name=re.compile(rf"^(Correct|Enter) board {board}$")).click()
    await expect(dialog.get_by_role("status")).to_contain_text(f"Board {board} at table",
                                                               timeout=WAIT)


async def test_what_needs_the_director_comes_and_goes_live(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station = await congress(make_station, mosquitto)
    async for url in serve(station):
        page = await browser.new_page(viewport=LAPTOP)
        accept_dialogs(page)
        await page.goto(url + "/")
        await login(page)
        view = needs_view(page)
        await expect(view).to_contain_text("Nothing needs you now.")
        await expect(page.get_by_role("link", name="Needs the director: nothing")).to_be_visible()
        flagged = boards(station, 1)[0]
        await hand_record(url, flagged)
        async with MqttPad(mosquitto, "club", 17) as pad, MqttPad(mosquitto, "club", 18) as lost:
            await log_in_pad(pad, 1)
            await log_in_pad(lost, 3)
            await page.wait_for_selector("#t-A-3 th[data-state=logged_in]")

            # Plain results cost the page no request: the view is drawn from the events.
            requests = api_requests(page)
            third, fourth = boards(station, 3)
            await acked(lost, lost.send(played(station, 3, 1, third)))
            await page.wait_for_selector("#c-A-3-1[data-state=partial]")
            assert requests == [], requests

            # A lead from the wrong hand: a result to check at A1, said from the event (the
            # alerts' own read is held back meanwhile).
            held: list[Route] = []

            # Playwright gives a handler of two parameters or more the request as its second.
            def hold(route: Route, _: object = None, into: list[Route] = held) -> None:
                into.append(route)  # answered once the words are checked

            await page.route("**/api/alerts", hold)
            await acked(pad, pad.send(played(station, 1, 1, flagged, lead="SA")))
            check = view.get_by_role("region", name=re.compile("^Results to check"))
            await expect(check.get_by_role("listitem")).to_have_text(re.compile(
                rf"^Section A, table 1: round 1, board {flagged}: the lead does not fit the "
                "declarer"), timeout=WAIT)
            await page.unroute("**/api/alerts")
            for route in held:
                await route.continue_()

            # A flat battery at A1.
            await acked(pad, pad.send(Heartbeat(battery=12)))
            pads = view.get_by_role("region", name=re.compile("^Pads in trouble"))
            await expect(pads.get_by_role("listitem")).to_have_text(re.compile(
                r"^Section A, table 1: unit 17's battery is at 12%"), timeout=WAIT)

            # The director locks unit 18 out; its pad still had board `fourth`: an offer.
            await station.director.lock_unit(18)
            answer = await lost.answer(lost.send(played(station, 3, 1, fourth)))
            assert isinstance(answer[0], Nak) and answer[0].code in (ErrorCode.UNIT_LOCKED,
                                                                     ErrorCode.UNIT_REPLACED)
            merge = view.get_by_role("region", name=re.compile("^Results to merge"))
            await expect(merge.get_by_role("listitem")).to_contain_text(
                f"Section A, table 3: board {fourth} of round 1, unsent on unit 18's pad until "
                "the director locked it", timeout=WAIT)
            locked = pads.get_by_role("listitem").filter(has_text="Unit 18")
            await expect(locked).to_have_text(re.compile(
                r"^Unit 18 \(played at table A3\): locked out by the director"), timeout=WAIT)

            # The round ends with boards still out: every table of section A has some.
            await station.director.close_round("A")
            missing = view.get_by_role("region", name=re.compile("^Boards missing"))
            await expect(missing.get_by_role("listitem")).to_have_count(13, timeout=WAIT)
            a2 = missing.get_by_role("listitem").filter(has_text="Section A, table 2:")
            await expect(a2).to_have_text(re.compile(
                r"^Section A, table 2: round 1, 2 boards of 2 missing"))
            await expect(page.get_by_role("link", name=re.compile(r"^Needs the director: \d+$"))
                         ).to_be_visible()
            await no_violations(page, "the grid with the view full")
            await screenshot(page, "needs-the-director")

            # Each is settled from the view, and leaves it.
            await check.get_by_role("button", name=re.compile(
                "Open round 1 at table A1 to check it")).click()
            await enter_board(page, flagged, "HK")
            await page.get_by_role("button", name="Close the boards").click()
            await expect(check).to_have_count(0, timeout=WAIT)

            await a2.get_by_role("button", name=re.compile("to enter its missing boards")).click()
            for board in boards(station, 2):
                await enter_board(page, board, "HK")
            await page.get_by_role("button", name="Close the boards").click()
            await expect(a2).to_have_count(0, timeout=WAIT)
            await expect(missing.get_by_role("listitem")).to_have_count(12)

            await merge.get_by_role("button", name=f"Merge board {fourth} into table A3").click()
            await expect(merge).to_have_count(0, timeout=WAIT)
            assert station.session.sections["A"].held(3, 1, fourth) is not None

            await locked.get_by_role("button", name="Find unit 18 in the units panel").click()
            reset = page.get_by_role("button", name="Reset unit 18")
            await expect(reset).to_be_focused()
            await reset.click()
            await expect(locked).to_have_count(0, timeout=WAIT)

            await acked(pad, pad.send(Heartbeat(battery=90)))
            await expect(pads).to_have_count(0, timeout=WAIT)

            # A row is one press away too.
            await missing.get_by_role("link", name="Table A4 in the grid").click()
            await expect(page.locator("#section-A").get_by_role(
                "button", name=re.compile(r"^Table 4: "))).to_be_focused()


async def test_a_burst_of_security_alerts_is_one_line_apart_from_the_actions(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station = await congress(make_station, mosquitto)
    async for url in serve(station):
        page = await browser.new_page(viewport=LAPTOP)
        await page.goto(url + "/")
        await login(page)
        await station.director.close_round("A")  # boards missing: for action
        # A stranger claims 50 units no pad here is, once each: every frame fails the check.
        async with aiomqtt.Client("127.0.0.1", mosquitto, identifier="stranger") as stranger:
            for unit in range(100, 150):
                await stranger.publish(f"bridge/club/pad/{unit}/up", jsonwire.encode(
                    Message(unit, 1, Heartbeat(battery=50)), WRONG_KEY), qos=1)
            info = page.get_by_role("region", name="For information")
            action = page.get_by_role("region", name="Asks for action")
            burst = info.get_by_role("listitem").filter(has_text="security check")
            await expect(burst).to_have_count(1, timeout=WAIT)
            await expect(burst).to_have_text(re.compile(
                r"^Frames failing the security check: 50 \(claiming 50 units no pad here is\), "
                r"last \d\d:\d\d"), timeout=WAIT)
            # 13 tables' boards missing: one line with the count, opened to list them.
            grouped = action.get_by_role("listitem").filter(has_text="Boards missing: 26")
            await expect(grouped).to_have_count(1, timeout=WAIT)
            await expect(action).not_to_contain_text("security check")
            await expect(info).not_to_contain_text("missing")
            await grouped.locator("summary").click()
            await expect(grouped.get_by_role("link", name="Table A5, round 1: 2 boards missing.")
                         ).to_be_visible()
            await no_violations(page, "the alerts, grouped")
            await screenshot(page, "alerts-grouped")
            await grouped.get_by_role("button", name=re.compile("^Dismiss all 13: Boards missing"))\
                .click()
            await expect(action).to_contain_text("Nothing to act on.", timeout=WAIT)
            assert station.session.sections["A"].current_round == 2

            # With the view and the alerts full beside it, a 13-table section still fits the
            # laptop's screen once its overview line is pressed.
            await expect(needs_view(page).get_by_role("listitem")).to_have_count(13)
            await page.get_by_role("link", name="Section B: round 1 of 13").click()
            section = page.get_by_role("region", name="Section B")
            await expect(section.get_by_role("rowheader")).to_have_count(13)
            await expect(section).to_be_in_viewport(ratio=1)
            box = await section.bounding_box()
            assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= 768, box
            assert await page.evaluate(
                "() => document.documentElement.scrollWidth <= "
                "document.documentElement.clientWidth")


# Every control the director presses, as the page draws it.
CONTROL_SIZES = """() => [...document.querySelectorAll(
    'button, summary, input, select, .overview a, .bar a, a.to-row')]
  .filter((c) => c.checkVisibility({ contentVisibilityAuto: true }))
  .map((c) => [c.getAttribute('aria-label') || c.textContent.trim() || c.name || c.id,
               c.getBoundingClientRect().width, c.getBoundingClientRect().height])
  .filter(([, w, h]) => w < 23.5 || h < 23.5)"""


@pytest.mark.parametrize(("viewport", "touch"), [
    ({"width": 683, "height": 384}, False),   # 1366x768 at 200%
    ({"width": 1024, "height": 768}, True),   # a tablet held sideways
    ({"width": 768, "height": 1024}, True)])  # and upright
async def test_the_view_at_200_percent_and_on_a_tablet(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser,
        viewport: dict[str, int], touch: bool) -> None:
    station = await congress(make_station, mosquitto)
    await station.director.close_round("B")
    async for url in serve(station):
        context = await browser.new_context(viewport=viewport, has_touch=touch)
        page = await context.new_page()
        await page.goto(url + "/")
        await login(page)
        link = page.get_by_role("link", name="Needs the director: 13")
        await expect(link).to_be_visible(timeout=WAIT)
        await (link.tap() if touch else link.click())
        view = needs_view(page)
        await expect(view).to_be_in_viewport()
        await expect(view).to_be_focused()
        entry = view.get_by_role("button", name=re.compile("^Section B, table 13: round 1"))
        await expect(entry).to_be_visible()
        assert await page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert await page.evaluate(CONTROL_SIZES) == []
        await (entry.tap() if touch else entry.click())
        await expect(page.get_by_role("dialog", name="Section B, table 13, round 1")
                     ).to_be_visible(timeout=WAIT)
        await page.get_by_role("button", name="Close the boards").click()
        await screenshot(page, f"needs-{viewport['width']}x{viewport['height']}")
        await no_violations(page, f"the view at {viewport}")
        await context.close()
