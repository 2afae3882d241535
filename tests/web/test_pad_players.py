"""The browser pad's players screen (SPEC.md 14): asked at the rounds the section says, four
numbers by seat with a visitor, the names found to confirm, a number not on the list as a
sentence, and who plays this round on the round screen. Real Chromium, mosquitto, station."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from firmware_protocol import jsonwire
from firmware_protocol.messages import Message, Players
from firmware_protocol.security import unit_key
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import type_numbers

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
VECTORS = Path(__file__).resolve().parents[2] / "firmware_protocol" / "vectors"
CLUB = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}


async def log_in_to(page: Page, table: int) -> None:
    await page.get_by_label("Section").fill("A")
    await page.get_by_label("Table").fill(str(table))
    await page.get_by_role("button", name="Log in").click()


async def test_no_club_list_x_players_screen_shows_numbers_without_calling_them_unknown(
        club: Club) -> None:
    # SPEC.md 14.3: with no club list loaded the station flags no club number, and the pad
    # says "not on the club's list" only of a flagged one.
    station = club.station
    assert not station.session.players
    async with director(club) as api:
        answer = await api.put("/api/sections/A/player-numbers", json={"ask": "first"})
        assert answer.status_code == 200
    page = await club.pad(72, PHONE)
    await log_in_to(page, 1)
    await expect(page.get_by_role("heading", name="Round 1: who is playing?")).to_be_visible()
    await type_numbers(page, {"North": "10234", "East": "10567", "South": "10890",
                              "West": "55555"})
    check = page.get_by_role("region", name="Is this who is playing?")
    await expect(check.get_by_text("North: player 10234")).to_be_visible()
    await expect(check.get_by_text("West: player 55555")).to_be_visible()
    await expect(check.get_by_text("not on the club's list")).to_have_count(0)
    assert await serious_violations(page) == []


async def test_players_confirm_their_names_then_see_who_they_play(club: Club) -> None:
    station = club.station
    await station.director.set_players(CLUB)
    async with director(club) as api:
        answer = await api.put("/api/sections/A/player-numbers", json={"ask": "first"})
        assert answer.status_code == 200 and answer.json() == {"ask": "first"}
    page = await club.pad(71, PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await log_in_to(page, 1)
    await expect(page.get_by_role("heading", name="Round 1: who is playing?")).to_be_visible()
    assert await serious_violations(page) == []
    # A number that is not a number is a sentence, and nothing is sent.
    await type_numbers(page, {"North": "10x34", "East": "10567", "South": "10890",
                              "West": "55555"})
    await expect(page.get_by_role("alert").filter(
        has_text="North: a player number is digits only")).to_be_visible()
    await type_numbers(page, {"North": "10234"})
    check = page.get_by_role("region", name="Is this who is playing?")
    await expect(check).to_be_visible()
    await expect(check.get_by_text("North: Ann Smith (10234)")).to_be_visible()
    # West's number is not on the list: a sentence, never a code.
    await expect(check.get_by_text("Player 55555 is not on the club's list: check the number "
                                   "or enter a visitor")).to_be_visible()
    assert "UNKNOWN_PLAYER" not in await page.content()
    assert await serious_violations(page) == []
    assert errors == []
    # West was a visitor: change, tick visitor, give the name.
    await check.get_by_role("button", name="Change numbers").click()
    await expect(page.get_by_role("textbox", name="North", exact=True)).to_have_value("10234")
    await page.get_by_label("West is a visitor").check()
    await page.get_by_label("West's visitor name").fill("Jane Doe")
    await page.get_by_role("button", name="Send numbers").click()
    await expect(check.get_by_text("West: Jane Doe (9000001)")).to_be_visible()
    await expect(check.get_by_role("listitem").filter(has_text="not on the club")).to_have_count(0)
    await check.get_by_role("button", name="Yes, play").click()
    ns, ew, _ = pairs(station, 1, 1)
    at_table = page.get_by_role("list", name="Who you play this round")
    await expect(at_table.get_by_text(f"North-South, pair {ns}: Ann Smith & Cat Brown")) \
        .to_be_visible()
    await expect(at_table.get_by_text(f"East-West, pair {ew}: Bob Jones & Jane Doe")) \
        .to_be_visible()
    assert station.session.players[9_000_001] == "Jane Doe"
    assert station.session.seats.of("A", ew, "EW") == (10567, 9_000_001)
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"]
    assert await serious_violations(page) == []


async def test_a_section_that_never_asks_goes_straight_to_the_boards(club: Club) -> None:
    page = await club.pad(72, PHONE)
    await log_in_to(page, 2)
    await page.wait_for_selector("body[data-state=play]")
    await expect(page.get_by_role("group", name="Level")).to_be_visible()
    await expect(page.get_by_role("heading", name="Round 1: who is playing?")).to_be_hidden()


async def test_the_pad_reads_the_seating_vectors_and_writes_visitors_as_the_reference(
        club: Club) -> None:
    page = await club.scripts()
    vectors = []
    for name in ("seating.json", "seating_v2.json"):
        vectors += json.loads((VECTORS / name).read_text(encoding="utf-8"))
    read = await page.evaluate("""(vectors) => vectors.map((v) =>
        PadWire.decode(v.json, v.unit, v.key_hex))""", vectors)
    assert [m["body"] for m in read] == [json.loads(v["json"])["body"] for v in vectors]
    key = unit_key("tuesday-club-secret", 17)
    players = Players("A", 3, 2, 10234, 10567, 0, 99871, visitors=(("south", "Jane Doe"),))
    made = await page.evaluate("""(key) => PadWire.encode(17, 4, "players",
        PadWire.bodies.players("A", 3, 2, [10234, 10567, 0, 99871], {south: "Jane Doe"}),
        key, 1)""", key.hex())
    assert made == jsonwire.encode(Message(17, 4, players), key).decode("ascii")
