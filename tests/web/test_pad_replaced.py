"""A pad away with a result keyed while the director replaces or withdraws it, on the broker as
shipped (dynamic security, logins, ACL): its broker login is kept, so when it comes back its
result reaches the director (a merge offer on the grid), the pad says in one message why it
takes no more results and what became of each, offers no entry form and no login (the director
resets the unit, it says), and after the director's Reset no longer says it is locked. After
"Replace unit N" the next pad's plain login takes the table. Found by role and label in real
Chromium; axe-core."""

from __future__ import annotations

import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect

from tests.deploy.conftest import DIRECTOR_PASSWORD, Club
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import accept_dialogs, screenshot
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration


SERVED = True  # tests/conftest.py's club, its pages served


async def results_only(club: Club) -> None:
    """The section's pads ask for the results, not the players."""
    async with director(club.station) as api:
        answer = await api.put("/api/sections/A/player-numbers", json={"ask": "never"})
        answer.raise_for_status()


async def open_pad(browser: Browser, club: Club, url: str,
                   unit: int) -> tuple[BrowserContext, Page]:
    context = await browser.new_context()
    page = await context.new_page()
    await page.goto(f"{url}/pad#code={club.station.pairing.issue(unit)}"
                    f"&broker=ws://127.0.0.1:{club.websockets}")
    await page.wait_for_selector("body[data-link=online]")
    return context, page


async def open_grid(browser: Browser, url: str) -> Page:
    grid = await browser.new_page(viewport={"width": 1024, "height": 768})
    await grid.goto(url + "/")
    await grid.wait_for_selector("#login:not([hidden])")
    await grid.fill("#password", DIRECTOR_PASSWORD)
    await grid.click("#login button[type=submit]")
    await grid.wait_for_selector("body[data-live=yes]")
    return grid


async def away_with_board_2(context: BrowserContext, page: Page) -> None:
    """Board 1 is stored; the pad loses its connection, then board 2 is keyed and waits."""
    await log_in(page, 1)
    await stored(page, 1, await enter(page, "4S", "S", 10, "HK"))
    await context.set_offline(True)
    await page.wait_for_selector("body[data-link=offline]")
    assert await enter(page, "3NT", "N", 9) == 2
    await expect(page.locator("#queue")).to_have_text("1 waiting")


async def one_message(page: Page, text: str) -> None:
    """The lock said once, with each result still on the pad; nothing else alarming."""
    alerts = page.get_by_role("alert").filter(has_text=text)
    await expect(alerts).to_have_count(1)
    results = alerts.get_by_role("list", name="Results still on this pad")
    await expect(results.get_by_role("listitem")).to_have_text(
        ["Board 2: sent to the director to decide"])
    shown = [await a.inner_text() for a in await page.get_by_role("alert").all()
             if await a.is_visible()]
    assert len(shown) == 1, shown
    body = await page.locator("body").inner_text()
    assert "pair it again" not in body and "UNIT_" not in body
    await expect(page.get_by_role("button", name="Send")).to_be_hidden()  # no entry form
    # No login that would be refused: what the players do instead.
    await expect(page.get_by_role("button", name="Log in")).to_be_hidden()
    await expect(alerts).to_contain_text("To play on with this pad, call the director: the "
                                         "director resets unit 17 in the Units panel, and this "
                                         "pad then shows its login form.")
    await expect(page.locator("#queue")).to_have_text("all sent")
    await expect(page.get_by_role("heading", name="Waiting for the station")).to_be_hidden()


async def test_replace_x_broker_logins_away_pad_result_reaches_director_and_plain_login_takes(
        club: Club, browser: Browser) -> None:
    running, url = club, club.url
    await results_only(running)
    old_context, old = await open_pad(browser, running, url, 17)
    new_context = None
    grid = await open_grid(browser, url)
    asked = accept_dialogs(grid)
    try:
        await away_with_board_2(old_context, old)
        # The director replaces unit 17 on the grid: "the next pad that asks takes over".
        question = await asked.on(grid.get_by_role("button", name="Replace unit 17").click())
        assert question.startswith("Replace unit 17? The next pad that asks takes over its "
                                    "table (a plain log in will do)")
        await expect(grid.locator("#message")).to_contain_text(
            "Unit 17: the next pad that asks takes over its table")
        # The new pad logs in plainly, "Take over" not ticked: it takes the table.
        new_context, new = await open_pad(browser, running, url, 19)
        await expect(new.get_by_label("Take over from another pad")
                     ).not_to_be_checked()
        await log_in(new, 1)
        assert running.station.session.sections["A"].holders[1] == 19
        # The old pad comes back: the broker still lets it in, and its result goes to the
        # director rather than away.
        await old_context.set_offline(False)
        await one_message(old, "Replaced. Another pad has taken over this table: this pad "
                               "takes no more results. Results still on it go to the director "
                               "to decide.")
        assert await serious_violations(old) == []
        await screenshot(old, "pad-replaced-hands-over")
        offer = grid.locator("#alerts li[data-kind=merge_offer]")
        await expect(offer.get_by_role("link")).to_have_text(
            "Board 2 (table A1, round 1), unsent on unit 17's pad until another pad replaced "
            "it: merge it?")
        await expect(offer.get_by_role("button", name="Merge board 2 from unit 17")
                     ).to_be_visible()
        await expect(grid.get_by_role("table", name="Units").get_by_role("row").filter(
            has_text="replaced by unit 19")).to_have_count(1)
        # Reset: the pad no longer says it is replaced or locked, and shows the login form.
        await grid.get_by_role("button", name="Reset unit 17").click()
        await old.wait_for_selector("body[data-state=login]")
        await expect(old.get_by_role("alert").filter(has_text="Replaced")).to_have_count(0)
        await expect(old.get_by_role("heading", name="Log in to your table")).to_be_visible()
        await expect(old.get_by_role("status", name="Latest message")).to_have_text(
            "The director reset this pad: log in to your table")
        assert await serious_violations(grid) == []
    finally:
        await grid.close()
        await old_context.close()
        if new_context is not None:
            await new_context.close()


async def test_lock_x_broker_logins_withdrawn_pad_says_it_once_and_reset_unlocks(
        club: Club, browser: Browser) -> None:
    running, url = club, club.url
    await results_only(running)
    context, page = await open_pad(browser, running, url, 17)
    grid = await open_grid(browser, url)
    # Withdrawn, not paired again: the lost pad keeps its login, so what it holds arrives.
    asked = accept_dialogs(grid, refuse="Pair it again now")
    try:
        await away_with_board_2(context, page)
        await grid.get_by_role("button", name="Withdraw unit 17").click()
        await expect(grid.locator("#message")).to_contain_text("results its pad still holds "
                                                               "come to you to decide")
        assert asked[0] == ("Withdraw unit 17? Its table is freed for another pad and the pad "
                            "takes no more results; results still on it come to you to decide.")
        await expect(grid.locator("#message")).to_contain_text("results its pad still holds "
                                                               "come to you to decide")
        await context.set_offline(False)
        locked = ("Locked. The director has locked this pad: it takes no more results. Results "
                  "still on it go to the director to decide.")
        await one_message(page, locked)
        assert await page.get_attribute("#locked", "data-reason") == "locked"
        await expect(grid.locator("#alerts li[data-kind=merge_offer]")).to_contain_text(
            "Board 2 (table A1, round 1), unsent on unit 17's pad until the director locked "
            "it")
        await expect(grid.get_by_role("table", name="Units").get_by_role("row").filter(
            has_text="locked by the director")).to_have_count(1)
        await grid.get_by_role("button", name="Reset unit 17").click()
        await page.wait_for_selector("body[data-state=login]")
        await expect(page.get_by_role("alert").filter(has_text="Locked")).to_have_count(0)
        await log_in(page, 1)  # its table again, as the station now lets it
        assert running.station.session.sections["A"].holders[1] == 17
    finally:
        await grid.close()
        await context.close()
