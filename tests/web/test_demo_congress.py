"""`basestation demo --sections N --tables-per-section M`: a congress room on a laptop, its
sections on MQTT and on the radio in turn, laid out as the congress and the grid benchmark lay
out theirs; the director's grid shows every section as it plays."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import Browser, expect
from typer.testing import CliRunner

from basestation.cli import app
from simulator.congress import room, section_configs
from simulator.demo import links
from tests.servers import running_demo
from tests.web.conftest import login

GRID = re.compile(r"Director's grid:\S* (http://127\.0\.0\.1:\d+)")


@pytest.mark.integration
async def test_a_three_section_room_plays_on_the_grid(browser: Browser) -> None:
    async with running_demo("--sections", "3", "--tables-per-section", "3",
                            "--speed", "60") as demo:
        async with asyncio.timeout(90):  # a busy machine starts slowly
            while not (found := GRID.search(demo.printed)) or "radio" not in demo.printed:
                assert demo.process.returncode is None, demo.said()
                await asyncio.sleep(0.1)
        said = " ".join(demo.printed.split())  # as the terminal wrapped it
        assert re.search(r"Section A, C: 3 tables each of BridgeScorers on MQTT port \d+ "
                         r"\(WebSockets \d+\); section B: 3 tables each of bridgepads on radio",
                         said), said
        page = await browser.new_page(viewport={"width": 1366, "height": 768})
        await page.goto(found.group(1) + "/")
        await login(page)
        for letter in "ABC":
            section = page.get_by_role("region", name=f"Section {letter}")
            await expect(section.get_by_role("rowheader")).to_have_count(3)
        # Results come in on both links, in each section (A1 is left free for the person at
        # the demo): the first round's cell of a table in each has a board in.
        for cell in ("#c-A-2-1", "#c-B-1-1", "#c-C-3-1"):
            await expect(page.locator(f"{cell}:not([data-done='0'])")).to_have_count(
                1, timeout=90_000)


def test_a_room_is_lettered_and_its_links_alternate() -> None:
    configs = section_configs(room(3, 5))
    assert [(c.letter, c.movement, c.tables, c.boards) for c in configs] == [
        ("A", "mitchell", 5, 10), ("B", "mitchell", 5, 10), ("C", "mitchell", 5, 10)]
    assert links(3) == ["mqtt", "radio", "mqtt"]


@pytest.mark.parametrize("sections", [0, 27])
def test_a_room_of_no_sections_or_more_than_the_letters_is_refused(sections: int) -> None:
    with pytest.raises(ValueError, match="1 to 26 sections"):
        room(sections, 5)
    result = CliRunner().invoke(app, ["demo", "--sections", str(sections)])
    assert result.exit_code == 2, result.output
    assert "--sections" in result.output
