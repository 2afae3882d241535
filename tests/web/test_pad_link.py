"""The browser pad's link and round, as players expect them: a connection badge that is honest
within 5 s, the round clock, where everyone goes at the end of a round (SPEC.md 14.6, 14.7),
and refusals in players' words."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from pathlib import Path

import pytest
from paho.mqtt import publish
from playwright.async_api import Page, expect

from firmware_protocol.enums import ErrorCode
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import enter, log_in, stored

HONEST = 5.0  # seconds: the badge tells the truth this soon after the network goes or comes
__all__ = ["broker", "club"]  # the fixtures
WAIT = 30_000  # ms: the machine is shared, so everything else waits generously


def badge(page: Page) -> object:
    return page.get_by_role("status", name="Connection to the station")


async def within_honest(page: Page, text: str) -> float:
    """Seconds until the badge says `text`; the test fails beyond HONEST."""
    began = time.monotonic()
    await expect(badge(page)).to_have_text(text, timeout=HONEST * 1000)  # type: ignore[arg-type]
    return time.monotonic() - began


def listener_pid(port: int) -> int:
    """The process listening on a loopback TCP port (the test's own mosquitto)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].split(":")[-1], 16) == port:
                inodes.add(fields[9])
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            for fd in (proc / "fd").iterdir():
                if os.readlink(fd) in {f"socket:[{inode}]" for inode in inodes}:
                    return int(proc.name)
        except OSError:
            continue
    raise LookupError(f"nothing listens on port {port}")


async def test_the_badge_follows_the_browsers_network(club: Club) -> None:
    page = await club.pad(81)
    await expect(badge(page)).to_have_text("connected", timeout=WAIT)  # type: ignore[arg-type]
    context = page.context
    await context.set_offline(True)
    assert await within_honest(page, "offline") < HONEST
    await context.set_offline(False)
    assert await within_honest(page, "connected") < HONEST


async def test_the_badge_follows_a_broker_gone_silent_or_gone(club: Club) -> None:
    page = await club.pad(82)
    await expect(badge(page)).to_have_text("connected", timeout=WAIT)  # type: ignore[arg-type]
    # Silent: the broker frozen, as when the Wi-Fi drops without a word; only the keepalive
    # can tell.
    pid = listener_pid(club.broker.websockets)
    os.kill(pid, signal.SIGSTOP)
    try:
        assert await within_honest(page, "offline") < HONEST
    finally:
        os.kill(pid, signal.SIGCONT)
    assert await within_honest(page, "connected") < HONEST
    # Gone: the broker stopped, its connections closed; then back on the same ports.
    club.broker.stop()
    assert await within_honest(page, "offline") < HONEST
    club.broker.start()
    assert await within_honest(page, "connected") < HONEST


async def test_the_badge_says_no_contact_while_the_station_is_offline(club: Club) -> None:
    page = await club.pad(87)
    await expect(badge(page)).to_have_text("connected", timeout=WAIT)  # type: ignore[arg-type]
    # What the broker publishes for the station when the station's connection dies (its will).
    topic = "bridge/club/status"
    await asyncio.to_thread(publish.single, topic, "offline", qos=1, retain=True,
                            hostname="127.0.0.1", port=club.broker.port)
    assert await within_honest(page, "no contact") < HONEST
    await asyncio.to_thread(publish.single, topic, "online", qos=1, retain=True,
                            hostname="127.0.0.1", port=club.broker.port)
    assert await within_honest(page, "connected") < HONEST


async def test_the_round_clock_counts_down_and_follows_the_director(club: Club) -> None:
    page = await club.pad(83)
    await log_in(page, 1)
    clock = page.get_by_role("timer", name="Round clock")
    await expect(clock).to_have_text(re.compile(r"^Round 1: \d+:\d\d left$"),
                                     timeout=WAIT)
    async with director(club) as api:
        (await api.put("/api/sections/A/round-minutes", json={"minutes": 30})).raise_for_status()
    await expect(clock).to_have_text(re.compile(r"^Round 1: 2\d:\d\d left$"),
                                     timeout=WAIT)
    first = await clock.text_content()
    await expect(clock).not_to_have_text(first or "", timeout=WAIT)  # it counts down alone
    async with director(club) as api:
        (await api.put("/api/sections/A/round-minutes", json={"minutes": 0.01})).raise_for_status()
    await expect(clock).to_have_text("Round 1: time is up", timeout=WAIT)


async def test_round_clock_x_late_login_the_header_names_the_tables_round(club: Club) -> None:
    """A pad logging in late, once the section has moved on to round 2 (the director closed
    round 1), plays round 1: its header says the section has moved on, never round 2's time
    above "Round 1: who is playing?"."""
    async with director(club) as api:
        answer = await api.put("/api/sections/A/player-numbers", json={"ask": "first"})
        assert answer.status_code == 200, answer.text
        (await api.post("/api/sections/A/close-round")).raise_for_status()
    page = await club.pad(88)
    await log_in(page, 1)
    await expect(page.get_by_role("heading", name="Round 1: who is playing?")).to_be_visible(
        timeout=WAIT)
    clock = page.get_by_role("timer", name="Round clock")
    await expect(clock).to_have_text("Round 1: the section has moved on to round 2",
                                     timeout=WAIT)


async def test_at_the_end_of_a_round_the_pad_says_where_everyone_goes(club: Club) -> None:
    station = club.station
    page = await club.pad(84)
    await log_in(page, 1)
    ns, ew, boards = pairs(station, 1, 1)
    movement = station.session.sections["A"].movement
    assert not await page.get_by_role("region", name="Round 1 is over: where to go").count()
    for board in boards:
        await enter(page, "3NT", "N", 9)
        await stored(page, 1, board)
    moves = page.get_by_role("region", name="Round 1 is over: where to go")
    await expect(moves).to_be_visible(timeout=WAIT)
    ns_next = movement.seat_of(ns, "NS", 2)
    ew_next = movement.seat_of(ew, "EW", 2)
    assert ns_next == (1, "NS") and ew_next is not None and ew_next[1] == "EW"
    after = sorted({t for b in boards for t in movement.tables_for(2, b)})
    said = [f"NS pair {ns} stay at table 1", f"EW pair {ew} move to table {ew_next[0]}",
            f"Boards {boards[0]}-{boards[-1]} go to table {after[0]}" if after else
            f"Boards {boards[0]}-{boards[-1]} go to the relay stand"]
    await expect(moves.get_by_role("listitem")).to_have_text(said)
    await screenshot(page, "pad-move")
    assert await serious_violations(page) == []
    # The first result of the next round: the move is made, the notice goes.
    await enter(page, "2S", "E", 8)
    await expect(moves).to_be_hidden(timeout=WAIT)


MOVES = """(cases) => cases.map(([table, seating, boards]) =>
  PadWords.moves(table, seating, boards))"""


async def test_the_move_in_words_for_every_kind_of_movement(club: Club) -> None:
    page = await club.scripts()
    said = await page.evaluate(MOVES, [
        [3, {"ns": 3, "ew": 5, "next": {"round": 2, "ns": {"table": 3, "side": "NS"},
                                          "ew": {"table": 4, "side": "EW"}, "boards": [2]}},
         [7, 8]],
        [2, {"ns": 4, "ew": 1, "next": {"round": 3, "ns": {"table": 1, "side": "EW"},
                                          "ew": None, "boards": []}}, [5]],
        [1, {"ns": 6, "ew": 2, "next": {"round": 2, "ns": {"table": 1, "side": "NS"},
                                          "ew": {"table": 1, "side": "NS"}, "boards": [1]}},
         [1, 3, 5]],
        [6, {"ns": 6, "ew": 6, "next": {"round": 2, "ns": {"table": 6, "side": "NS"},
                                          "ew": {"table": 2, "side": "EW"}, "boards": [4, 5]}},
         [1, 2, 3, 4]],
    ])
    assert said == [
        ["NS pair 3 stay at table 3", "EW pair 5 move to table 4", "Boards 7-8 go to table 2"],
        ["NS pair 4 move to table 1 and sit East-West", "EW pair 1 sit out next round",
         "Board 5 goes to the relay stand"],
        ["NS pair 6 stay at table 1", "EW pair 2 stay at table 1 and sit North-South",
         "Boards 1, 3 and 5 stay at table 1"],
        ["NS pair 6 stay at table 6", "EW pair 6 move to table 2",
         "Boards 1-4 go to tables 4 and 5"],
    ]


WORDS = """(codes) => codes.map((code) => [code,
  PadWords.refusal(code, {section: "A", table: 3, round: 2}),
  PadWords.refusal(code, {section: "A", table: 3, round: 2, board: 5}),
  PadWords.lock(code).sentence])"""


async def test_every_refusal_is_a_sentence_in_players_words(club: Club) -> None:
    page = await club.scripts()
    codes = [code.value for code in ErrorCode]
    for code, alone, board, lock in await page.evaluate(WORDS, codes):
        for said in (alone, board, lock):
            assert not any(c in said for c in codes), f"{code}: {said}"
            assert "_" not in said and len(said.split()) >= 4, f"{code}: {said}"
        assert alone[0].isupper() and board.startswith("Board 5: ")


@pytest.fixture
def station_size() -> tuple[int, int]:
    return 3, 6


async def test_a_second_phone_on_the_same_unit_takes_it_and_the_first_is_told(
        club: Club) -> None:
    station = club.station
    first = await club.pad(85)
    await log_in(first, 1)
    _, _, boards = pairs(station, 1, 1)
    await enter(first, "4S", "S", 10)
    await stored(first, 1, boards[0])
    second = await club.pad(85)  # another phone (its own storage), the same pairing link
    told = first.get_by_role("region", name="Opened on another screen")
    await expect(told).to_be_visible(timeout=WAIT)
    await expect(told.get_by_role("alert")).to_have_text(
        "This pad was opened on another screen: use that one, or take it back here")
    assert not await first.get_by_role("button", name="Send").is_visible()
    assert await serious_violations(first) == []
    # The second phone logs in to the table (the same unit holds it) and carries on.
    await log_in(second, 1)
    await enter(second, "3NT", "N", 9)
    await stored(second, 1, boards[1])
    assert station.session.sections["A"].held(1, 1, boards[1]) is not None
    # The first phone takes it back: the second is told in turn.
    await first.get_by_role("button", name="Use this screen").click()
    await first.wait_for_selector("body[data-link=online]", timeout=WAIT)
    await expect(second.get_by_role("region", name="Opened on another screen")).to_be_visible(
        timeout=WAIT)


async def test_a_second_tab_in_the_same_browser_is_told_at_once(club: Club) -> None:
    first = await club.pad(86)
    await log_in(first, 2)
    second = await first.context.new_page()
    await second.goto(club.url + "/pad")  # the pad this browser is, from its storage
    await expect(first.get_by_role("region", name="Opened on another screen")).to_be_visible(
        timeout=WAIT)
    await second.wait_for_selector("body[data-state=play]", timeout=WAIT)
    assert not await first.get_by_label("Contract").is_visible()
    await expect(badge(first)).to_have_text("offline")
