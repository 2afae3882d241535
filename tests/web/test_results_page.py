"""The results page in real Chromium: travellers that never overlap (1366 and 800 pixels wide),
names in the rankings, a ranking row opening the pair's score card, prints with the hand
records and the event's name and date, and past events opened from the list."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import Players, Result, Seat
from tests.pads import MqttPad
from tests.web.conftest import ARTIFACTS, PASSWORD, acked, log_in_pad, screenshot

pytestmark = pytest.mark.integration


async def play_round_one(station: Station, broker: int, url: str) -> None:
    """Round 1 of a 3-table Mitchell: table 1 by a real pad (with its players' numbers), the
    other tables by the director; the club's roster names players 12 and 7."""
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        await director.put("/api/players", json=[{"number": 12, "name": "Ann Smith"},
                                                 {"number": 7, "name": "Bob Brown"}])
        async with MqttPad(broker, "club", 17) as pad:
            await log_in_pad(pad, 1)
            await acked(pad, pad.send(Players(section="A", table=1, round=1, north=12, east=0,
                                              south=7, west=0)))
            for board in (1, 2):
                await acked(pad, pad.send(Result(section="A", table=1, round=1, board=board,
                                                 ns=1, ew=1, contract="4S", declarer=Seat.S,
                                                 tricks=10)))
        for table, boards in ((2, (3, 4)), (3, (5, 6))):
            for board in boards:
                answer = await director.put(
                    f"/api/sections/A/tables/{table}/rounds/1/boards/{board}",
                    json={"contract": "3NTX", "declarer": "E", "tricks": 8})
                assert answer.is_success, answer.text


async def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, Any]] = []
    for handle in await page.locator(selector).all():
        box = await handle.bounding_box()
        assert box is not None
        found.append(box)
    return found


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


async def assert_travellers_apart(page: Page, width: int, per_row: int) -> None:
    await page.set_viewport_size({"width": width, "height": 900})
    await page.wait_for_function(f"() => window.innerWidth === {width}")
    travellers = await boxes(page, ".traveller")
    assert len(travellers) == 6
    rows = {box["y"] for box in travellers}
    assert len(rows) == len(travellers) // per_row, (width, travellers)
    for i, a in enumerate(travellers):
        for b in travellers[i + 1:]:
            assert not overlap(a, b), (width, a, b)
    # Each traveller's table lies inside its own box and inside the page.
    for box, inner in zip(travellers, await boxes(page, ".traveller table"), strict=True):
        assert inner["x"] >= box["x"] - 0.5
        assert inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5, (width, box, inner)
        assert box["x"] + box["width"] <= width
    await screenshot(page, f"results-{width}")


async def test_results_page_shows_and_prints_a_whole_night(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, broker = director_page
    url = page.url.rstrip("/")
    await play_round_one(station, broker, url)
    tuesday = station.session.event_id
    await page.goto(url + "/results")
    await page.wait_for_selector(".traveller >> nth=5")

    await assert_travellers_apart(page, 1366, per_row=2)
    await assert_travellers_apart(page, 800, per_row=1)

    # Names from the roster, by the numbers the pad entered.
    pair_one = page.locator("#rankings tr.pick[data-pair='1'][data-direction='NS']")
    assert "Ann Smith & Bob Brown" in await pair_one.inner_text()
    # A ranking row opens the pair's score card.
    await page.click("#rankings tr.pick[data-pair='2'][data-direction='EW']")
    await page.wait_for_selector("#scorecard:not([hidden]) .card-sheet")
    assert "Pair 2 EW, section A" in await page.inner_text("#scorecard h3")
    assert await page.locator("#scorecard tbody tr").count() == 2
    assert await page.inner_text("#scorecard .card-total") == "Rank 1=: 4 MP, 50.00%"
    await pair_one.focus()
    await page.keyboard.press("Enter")
    await page.wait_for_selector("#scorecard h3 >> text=Ann Smith & Bob Brown")
    # The hand record beside board 1's traveller.
    board_one = page.locator(".traveller[data-board='1']")
    assert await board_one.locator(".deal .hand").count() == 4
    assert "♠ AKQJ" in await board_one.locator(".deal .N").inner_text()

    # Prints: the travellers with their deals, and every pair's score card, each piece
    # carrying the event's name and date.
    day = station.session.event_date
    assert day is not None
    heading = f"Tuesday pairs, {day.strftime('%A')} {day.day} {day.strftime('%B %Y')}"
    await page.emulate_media(media="print")
    await page.evaluate("document.body.dataset.print = 'travellers'")
    assert not await page.locator("#rankings").is_visible()
    assert await page.locator(".traveller .print-event").count() == 6
    for text in await page.locator(".traveller .print-event").all_inner_texts():
        assert text == heading
    assert await board_one.locator(".deal").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    await screenshot(page, "print-travellers")
    await page.pdf(path=str(ARTIFACTS / "travellers.pdf"))  # its afterprint resets the choice
    await page.evaluate("document.body.dataset.print = 'scorecards'")
    cards = page.locator("#scorecards .card-sheet")
    assert await cards.count() == 6 and await cards.first.is_visible()
    assert not await page.locator(".traveller").first.is_visible()
    assert (await cards.first.locator(".print-event").inner_text()) == heading
    await screenshot(page, "print-scorecards")
    await page.pdf(path=str(ARTIFACTS / "scorecards.pdf"))
    await page.emulate_media(media="screen")
    await page.evaluate("document.body.dataset.print = 'all'")
    assert not await page.locator(".print-event").first.is_visible()

    # A new event opens: Tuesday joins the past events and its results stay openable.
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        opened = await director.post("/api/events", json={
            "name": "Thursday", "sections": [{"letter": "A", "tables": 3, "boards": 6}]})
        assert opened.status_code == 201, opened.text
    await page.wait_for_selector("#event-select option >> nth=1", state="attached")
    await page.wait_for_selector("#rankings >> text=No results yet.")
    assert await page.locator(".exports").is_visible()
    await page.select_option("#event-select", str(tuesday))
    await page.wait_for_selector(".traveller >> nth=5")
    assert page.url.endswith(f"/results?event={tuesday}")
    assert (await page.inner_text("#event-name")).startswith("Tuesday pairs, ")
    assert not await page.locator(".exports").is_visible()  # the exports are the open event's
    # but the Scorer's XML is the chosen event's (issue 49)
    await expect(page.get_by_role("link", name="Scorer XML")).to_have_attribute(
        "href", f"/api/events/{tuesday}/scorer.xml")
    assert "Ann Smith & Bob Brown" in await pair_one.inner_text()
    await screenshot(page, "results-past-event")
    # Closed by the new event, Tuesday's results wait for the director to publish them.
    browser = page.context.browser
    assert browser is not None
    visitors = await browser.new_context()
    visitor = await visitors.new_page()
    await visitor.goto(f"{url}/results?event={tuesday}")
    await visitor.wait_for_selector("#message >> text=not published yet")
    assert await visitor.locator(".traveller").count() == 0
    assert not await visitor.locator("#login").is_visible()
    await page.click("#publish-event")
    await page.wait_for_selector("#publish-event", state="hidden")
    assert "the results are published" in await page.inner_text("#message")
    [(_, published)] = [(e.id, e.published) for e, _ in station.store.events() if e.id == tuesday]
    assert published
    await visitor.reload()
    await visitor.wait_for_selector(".traveller >> nth=5")
    assert not await visitor.locator("#publish-event").is_visible()
    await visitors.close()
