"""The director seats pairs from the console and from set-up, in real Chromium on a real
station and broker: names by number or by name from the club's list, a visitor by name, a
refusal as a sentence; the grid, the results page (no reload) and the table's pad show the
names at once."""

from __future__ import annotations

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Result, Seat, Seating
from tests.pads import MqttPad
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, acked, log_in_pad, next_of, screenshot

pytestmark = pytest.mark.integration
CLUB = [{"number": 10234, "name": "Ann Smith"}, {"number": 10567, "name": "Bob Jones"},
        {"number": 10890, "name": "Cat Brown"}, {"number": 11012, "name": "Dan White"}]


async def seat(page: Page, who: str, seats: dict[str, tuple[str, str]]) -> None:
    """Opens "Seat <who>" and fills each seat: ("number", "10234") or ("name", "Ann Smith")."""
    await page.get_by_role("button", name=f"Seat {who}", exact=True).click()
    dialog = page.get_by_role("dialog")
    await expect(dialog).to_be_visible()
    for place, (field, value) in seats.items():
        box = dialog.get_by_label(f"{place}'s {field}", exact=True)
        await box.fill(value)
        await box.dispatch_event("change")
    await dialog.get_by_role("button", name=f"Seat {who}", exact=True).click()


async def test_the_director_seats_pairs_from_the_grid_and_every_page_shows_the_names(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    url = page.url.rstrip("/")
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as api:
        await api.post("/api/login", json={"password": PASSWORD})
        assert (await api.put("/api/players", json=CLUB)).is_success
    browser = page.context.browser
    assert browser is not None
    other = await browser.new_context()
    await other.add_cookies(await page.context.cookies())  # the same login
    results = await other.new_page()
    async with MqttPad(broker, "club", 17) as pad:
        await log_in_pad(pad, 1)
        for board in (1, 2):
            await acked(pad, pad.send(Result(section="A", table=1, round=1, board=board, ns=1,
                                             ew=1, contract="4S", declarer=Seat.S, tricks=10)))
        await results.goto(url + "/results")
        traveller = results.locator(".traveller[data-board='1']").first
        await expect(traveller).to_be_visible()
        players = page.get_by_role("table", name="Section A players")
        await expect(players.get_by_role("row", name="NS pair 1 not seated")).to_be_visible()
        assert await serious_violations(page) == []

        # North by number (the name is found), South by name (the number is found).
        await seat(page, "NS pair 1", {"North": ("number", "10234"),
                                       "South": ("name", "Cat Brown")})
        await expect(players.get_by_role("row", name="NS pair 1 Ann Smith & Cat Brown")) \
            .to_be_visible()
        # The pad at table 1 shows them at once.
        told = await next_of(pad, Seating)
        while told.north.number is None:  # what it was told before, after its results
            told = await next_of(pad, Seating)
        assert (told.north.name, told.south.name) == ("Ann Smith", "Cat Brown")
        # The grid names who plays at table 1 this round.
        table = page.get_by_role("rowheader").filter(has_text="NS 1 (Ann Smith & Cat Brown)")
        await expect(table).to_be_visible()
        # The results page hears of it without a reload.
        await expect(traveller.get_by_text("Ann Smith & Cat Brown")).to_be_visible()
        await expect(results.get_by_role("row").filter(has_text="Ann Smith & Cat Brown")
                     .first).to_be_visible()

        # A visitor by name, East; West by number.
        await seat(page, "EW pair 1", {"East": ("name", "Vera Visitor"),
                                       "West": ("number", "10567")})
        await expect(players.get_by_role("row", name="EW pair 1 Vera Visitor & Bob Jones")) \
            .to_be_visible()
        assert station.session.players[9_000_001] == "Vera Visitor"
        await expect(traveller.get_by_text("Vera Visitor & Bob Jones")).to_be_visible()

        # A number not on the list: a sentence in the dialog, nothing changed.
        await seat(page, "NS pair 2", {"North": ("number", "55555"),
                                       "South": ("number", "11012")})
        dialog = page.get_by_role("dialog")
        await expect(dialog.get_by_role("alert")).to_have_text(
            "player 55555 is not on the club's list: add them to the list, or seat them as a "
            "visitor by name")
        assert await serious_violations(page) == []
        await dialog.get_by_role("button", name="Close").click()
        await expect(players.get_by_role("row", name="NS pair 2 not seated")).to_be_visible()
        assert await serious_violations(results) == []
        await screenshot(page, "seating-grid")
    await other.close()


async def test_pairs_are_seated_at_set_up(director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    await station.director.set_players({p["number"]: p["name"] for p in CLUB})
    await page.goto(page.url.rstrip("/") + "/setup")
    part = page.get_by_role("region", name="Seat the pairs")
    await expect(part).to_be_visible()
    await seat(page, "EW pair 2", {"East": ("number", "10890"), "West": ("number", "11012")})
    await expect(part.get_by_role("row", name="EW pair 2 Cat Brown & Dan White")).to_be_visible()
    assert station.session.seats.of("A", 2, "EW") == (10890, 11012)
    assert await serious_violations(page) == []
