"""The director sets a section's rankings on the pads after each round (SPEC.md 14.9) from
the grid page's section settings: a sentence for a wrong answer, nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from firmware_protocol.messages import RoundRankings
from tests.web.accessibility import serious_violations

pytestmark = pytest.mark.integration
WAIT = 30000  # the machine may be busy: generous waits


def answering(page: Page, answers: list[str]) -> list[str]:
    """Answers the page's prompts in turn with `answers`; returns the questions asked."""
    asked: list[str] = []

    async def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        await dialog.accept(answers[len(asked) - 1])

    page.on("dialog", answer)
    return asked


async def test_set_from_the_grid_and_refused_in_a_sentence(
        director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    asked = answering(page, ["two", "2 1", "0 1", "off"])
    button = page.get_by_role("button", name="Rankings on the pads in section A")
    message = page.locator("#message")
    await button.click()
    await expect(message).to_contain_text("type \"off\", or two numbers", timeout=WAIT)
    await button.click()
    await expect(message).to_contain_text("leaves none of section A's 3 rounds", timeout=WAIT)
    assert station.session.sections["A"].rankings is None
    await button.click()
    await expect(message).to_contain_text("after each round, the first 0 and the last 1 hidden",
                                          timeout=WAIT)
    assert station.session.sections["A"].rankings == RoundRankings(0, 1)
    assert asked[0].startswith("Rankings on the pads after each round in section A")
    await button.click()
    await expect(message).to_contain_text("only once published", timeout=WAIT)
    assert station.session.sections["A"].rankings is None
    assert await serious_violations(page) == []


async def test_set_at_set_up(director_page: tuple[Station, Page, int]) -> None:
    station, page, _ = director_page
    await page.goto(page.url.rstrip("/") + "/setup")
    await page.wait_for_selector(".section-setup[data-valid=yes]", timeout=WAIT)
    await page.get_by_role("group", name="Event").get_by_label("Name").fill("Friday pairs")
    row = page.locator(".section-setup").first
    await row.get_by_label("Rankings on the pads").select_option("after each round")
    await row.get_by_label("and the last").fill("2")
    assert await serious_violations(page) == []
    await page.click("#open-event")
    await page.wait_for_selector("#confirm[open]", timeout=WAIT)
    await page.click("#confirm-close")
    await page.wait_for_function(
        "() => document.getElementById('message').textContent.includes('is open')", timeout=WAIT)
    assert station.session.event_name == "Friday pairs"
    assert station.session.sections["A"].rankings == RoundRankings(0, 2)
