"""The penalties page of a teams event in real Chromium: VPs off a team's total and IMPs off a
match, found by role and label, a refusal in words, removal, and no serious axe finding."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, login, screenshot, serve
from tests.web.test_match_results_page import play_swiss_round_one

pytestmark = pytest.mark.integration


async def test_teams_penalties_in_vps_and_imps(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, open_event=False)
    new = NewEvent("Club teams", "nz", (SectionConfig("A", "teams", 4, 2),),
                   event_format="teams")
    await station.director.open_new_event(new)
    async for url in serve(station):
        page: Page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await page.goto(url + "/")
        await login(page)
        await page.goto(url + "/penalties")
        form = page.get_by_role("heading", name="Penalties in VPs and IMPs")
        await form.wait_for()
        assert not await page.get_by_role("heading", name="Penalties off a pair's total"
                                          ).is_visible()
        # club-directors-manual.txt, "Penalty for fouled teams": "the Adjustment of -2 each".
        await page.get_by_label("Team").fill("1")
        await page.get_by_label("Penalty in").select_option("vps")
        await page.get_by_label("Amount").fill("2")
        await page.get_by_role("button", name="Add the penalty").and_(
            page.locator("#match-penalty-form button")).click()
        await page.get_by_role("button", name="Remove the penalty on team 1").wait_for()
        assert "Team 1 loses 2 VPs" in await page.inner_text("#message")
        # rectification-of-fouled-movements.txt, "Match Play": "fined 3 IMPs".
        await page.get_by_label("Team").fill("2")
        await page.get_by_label("Penalty in").select_option("imps")
        await page.get_by_label("Amount").fill("3")
        await page.get_by_label("Round of the match").fill("1")
        await page.locator("#match-penalty-form button").click()
        await page.get_by_role("button", name="Remove the penalty on team 2").wait_for()
        rows = page.locator("#match-penalties-table tbody tr")
        assert [await row.locator("td").all_inner_texts() for row in await rows.all()] == [
            ["A", "1", "2", "", "", "Remove the penalty on team 1"],
            ["A", "2", "", "3", "1", "Remove the penalty on team 2"]]
        assert [(p.penalty.entrant, p.penalty.vps, p.penalty.imps)
                for p in station.session.match_penalties] == [(1, 2, 0), (2, 0, 3)]
        # A team the event does not have: refused in words, nothing added.
        await page.get_by_label("Team").fill("9")
        await page.get_by_label("Penalty in").select_option("vps")
        await page.locator("#match-penalty-form button").click()
        alert = page.get_by_role("alert").filter(has_text="no team 9")
        await alert.wait_for()
        assert len(station.session.match_penalties) == 2
        await page.wait_for_selector("body[data-live=yes]")
        assert await serious_violations(page) == []
        await screenshot(page, "match-penalties-page")
        await page.get_by_role("button", name="Remove the penalty on team 1").click()
        await page.get_by_role("button", name="Remove the penalty on team 1").wait_for(
            state="detached")
        assert [p.penalty.entrant for p in station.session.match_penalties] == [2]
        await page.close()


async def test_penalties_show_in_the_standings_and_the_match_sheet(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    url = page.url.rstrip("/")
    await play_swiss_round_one(station, broker, url)
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        for body in ({"entrant": 1, "vps": 2}, {"entrant": 3, "imps": 3, "round": 1}):
            added = await director.post("/api/match-penalties", json={"section": "A", **body})
            assert added.status_code == 201, added.text
    await page.goto(f"{url}/results")
    team_one = page.locator("#standings table.standings tbody tr[data-entrant='1'] td")
    await team_one.first.wait_for()
    # Team 1 won 1 v 3 by 22 IMPs (20 VPs) and has 2 VPs off its total.
    assert (await team_one.all_inner_texts())[3] == "18.00 (penalty 2.00)"
    await page.locator("#standings .round-matches[data-round='1'] tr.pick").first.click()
    sheet = page.locator("#match-boards:not([hidden]) .match-sheet")
    await sheet.wait_for()
    assert "Team 3 penalised 3 IMPs" in await sheet.locator(".match-total").inner_text()
