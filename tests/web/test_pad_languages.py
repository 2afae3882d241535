"""The pad in each language (issue 52): the pseudo-language walk finds no word outside the
catalogs on any screen; each shipped language passes axe-core on the pad's screens, sets
`lang`, uses its bridge words on the keys and writes numbers its own way; a pad's choice is
its own and stays across a reload and a log out; until it chooses, the club's language.

Real Chromium, a real station on a real mosquitto; found by role and accessible name."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from playwright.async_api import BrowserContext, Locator, Page, expect

from basestation.i18n import bridge_words
from basestation.i18n.catalogs import BROWSER
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.padclub import Club, broker, club, pairs
from tests.web.padpage import log_in, stored
from tests.web.pseudo import Walk as PseudoWalk
from tests.web.pseudo import said

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
LANGUAGES = ["en", "nl", "de", "fr", "es", "it", "pl"]
CHOSEN = "bridgepad:language"
PHONE = {"width": 375, "height": 667}


def catalog(code: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((BROWSER / f"{code}.json").read_text("utf-8"))
    return data


def say(code: str, message: str) -> str:
    """A message as the pad says it in `code` (the English when it is the source)."""
    return said(code, message, pad=True)


def x(message: str) -> str:
    return f"[~{message}~]"


NAMES = {10234: "Ann Smith", 10567: "Bob Jones", 10890: "Cat Brown", 11012: "Dan White"}


class Walk(PseudoWalk):
    """The pad's walk: the players' names of the club's list may show."""

    def __init__(self, page: Page) -> None:
        super().__init__(page, names=NAMES.values())


async def press(page: Page, group: str, key: str) -> None:
    await page.get_by_role("group", name=x(group), exact=True).get_by_role(
        "button", name=key, exact=True).click()


@pytest.mark.parametrize("station_size", [(3, 6)])
async def test_every_pad_screen_in_the_pseudo_language_is_from_the_catalogs(
        club: Club, station_size: tuple[int, int]) -> None:
    # Not paired: the pad's scripts alone.
    context = await club.browser.new_context()
    club.contexts.append(context)
    await context.add_init_script(f"localStorage.setItem('{CHOSEN}', 'xx')")
    page = await context.new_page()
    await page.goto(club.url + "/pad")
    await page.wait_for_selector("body[data-state=unpaired]")
    walk = Walk(page)
    await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
    await walk.check("not paired")

    page = await context.new_page()
    await page.goto(club.link(1))
    await page.wait_for_selector("body[data-link=online]")
    walk.page = page
    await walk.check("login form")
    await page.get_by_label(x("Section")).fill("A")
    await page.get_by_label(x("Table"), exact=True).fill("9")
    await page.get_by_role("button", name=x("Log in"), exact=True).click()
    await expect(page.locator("#notice")).to_contain_text("[~", timeout=20000)
    await walk.check("login refused")

    await page.get_by_label(x("Table"), exact=True).fill("1")
    await page.get_by_role("button", name=x("Log in"), exact=True).click()
    await page.wait_for_selector("body[data-state=play]")
    await walk.check("entry keys")
    await press(page, "Level", "3")
    await page.get_by_role("button", name=x("Send"), exact=True).click()
    await expect(page.locator("#entry-error")).not_to_be_empty()
    await walk.check("entry: level only, a problem said")

    _, _, boards = pairs(club.station, 1, 1)
    later = f"1/{boards[-1]}"
    await page.get_by_label(x("Board"), exact=True).select_option(later)
    await expect(page.locator("#out-of-order")).to_be_visible()
    await walk.check("board out of order")
    await page.locator("#out-of-order-no").click()

    for number, board in enumerate(boards):
        confirm = await key_a_result(page)
        if number == 0:
            await walk.check("accept screen")
        await confirm.get_by_role("button", name=x("Accept"), exact=True).click()
        await stored(page, 1, board, table=1)
        if number == 0:
            await expect(page.locator("#traveller")).to_be_visible(timeout=20000)
            await walk.check("board list, traveller and par")
    await expect(page.locator("#moves")).to_be_visible(timeout=20000)
    await walk.check("where to go")

    await page.locator("#logout").click()
    await walk.check("log out asked")
    await page.get_by_role("button", name=x("Stay at the table"), exact=True).click()

    await club.station.director.lock_unit(1)
    await expect(page.locator("#locked")).to_be_visible(timeout=20000)
    await walk.check("locked")
    assert len(walk.screens) == 11
    walk.report("the pad")


async def pseudo_pad(club: Club, unit: int) -> tuple[Page, BrowserContext]:
    """A phone opening `unit`'s pairing link, its players having chosen the pseudo-language."""
    context = await club.browser.new_context()
    club.contexts.append(context)
    await context.add_init_script(f"localStorage.setItem('{CHOSEN}', 'xx')")
    page = await context.new_page()
    await page.goto(club.link(unit))
    await page.wait_for_selector("body[data-link=online]")
    return page, context


async def log_in_at_table_1(page: Page) -> None:
    await page.get_by_label(x("Section")).fill("A")
    await page.get_by_label(x("Table"), exact=True).fill("1")
    await page.get_by_role("button", name=x("Log in"), exact=True).click()


async def test_the_players_waiting_and_other_screen_in_the_pseudo_language(club: Club) -> None:
    await club.station.director.set_players(NAMES)
    async with director(club) as api:
        answer = await api.put("/api/sections/A/player-numbers", json={"ask": "first"})
        assert answer.status_code == 200
    page, context = await pseudo_pad(club, 2)
    walk = Walk(page)
    await log_in_at_table_1(page)
    await expect(page.locator("#players-form")).to_be_visible()
    await walk.check("players: numbers")
    await page.get_by_label(x("{seat} is a visitor").replace("{seat}", x("West"))).check()
    await page.get_by_role("button", name=x("Send numbers"), exact=True).click()
    await expect(page.locator("#players-error")).not_to_be_empty()
    await walk.check("players: a number missing")
    for seat, number in (("north", 10234), ("east", 10567), ("south", 10890), ("west", 55555)):
        await page.locator(f"#{seat}-visitor").set_checked(False)
        await page.locator(f"#{seat}").fill(str(number))
    await page.get_by_role("button", name=x("Send numbers"), exact=True).click()
    await expect(page.locator("#players-check")).to_be_visible()
    await walk.check("players: is this who is playing")
    await page.get_by_role("button", name=x("Yes, play"), exact=True).click()
    await page.wait_for_selector("body[data-state=play]")
    await walk.check("who plays this round")

    await context.set_offline(True)
    await expect(page.locator("#link")).to_have_text(x("offline"))
    await page.get_by_role("group", name=x("Level"), exact=True).get_by_role(
        "button", name=x("Pass"), exact=True).click()
    await page.get_by_role("button", name=x("Send"), exact=True).click()
    await page.locator("#confirm").get_by_role("button", name=x("Accept"), exact=True).click()
    await expect(page.locator("#waiting")).to_be_visible()
    await walk.check("waiting for the station")
    await context.set_offline(False)

    again = await context.new_page()  # the same unit opened on another screen
    await again.goto(club.url + "/pad")
    await expect(page.locator("#other-screen")).to_be_visible(timeout=20000)
    await walk.check("opened on another screen")
    walk.report("players")


async def choose(page: Page, code: str, now: str) -> None:
    """The language button, as a player uses it (its name in the language shown `now`)."""
    await page.get_by_role("combobox", name=say(now, "Language"), exact=True).select_option(code)
    await expect(page.locator("html")).to_have_attribute("lang", code)


async def fits_a_phone(page: Page, code: str) -> None:
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{code}: {wide}px wide on a {PHONE['width']}px screen"


async def test_each_language_on_the_pad_screens_with_its_bridge_words(club: Club) -> None:
    page = await club.pad(1, PHONE)
    shown = "en"
    for code in LANGUAGES:  # the login form
        await choose(page, code, shown)
        shown = code
        login = page.get_by_role("button", name=say(code, "Log in"), exact=True)
        await expect(login).to_be_visible()
        assert await serious_violations(page) == [], code
        await fits_a_phone(page, code)
    await choose(page, "en", shown)
    shown = "en"
    await log_in(page, 1)
    await page.get_by_role("group", name="Level").get_by_role("button", name="4").click()
    for code in LANGUAGES:  # the keys, then the accept screen
        await choose(page, code, shown)
        shown = code
        words = bridge_words(code)
        strain = page.get_by_role("group", name=say(code, "Suit"), exact=True)
        await expect(strain.get_by_role("button", name=say(code, "no trump"))).to_have_text(
            words["nt"])
        declarer = page.get_by_role("group", name=say(code, "Declarer"), exact=True)
        letters = [await declarer.get_by_role("button", name=say(code, name), exact=True)
                   .inner_text() for name in ("North", "East", "South", "West")]
        assert letters == [words["seats"][s] for s in "NESW"], code
        level = page.get_by_role("group", name=say(code, "Level"), exact=True)
        await expect(level.get_by_role("button", name=say(code, "Pass"))).to_have_text(
            words["pass"])
        assert await serious_violations(page) == [], code
        await fits_a_phone(page, code)
    await choose(page, "en", shown)
    shown = "en"
    for key, group in (("no trump", "Suit"), ("West", "Declarer"), ("=", "Result")):
        await page.get_by_role("group", name=group, exact=True).get_by_role(
            "button", name=key, exact=True).click()
    await page.get_by_role("button", name="Send", exact=True).click()
    for code in LANGUAGES:
        await choose(page, code, shown)
        shown = code
        confirm = page.get_by_role("region", name=say(code, "East-West: check, then accept"))
        nt = bridge_words(code)["nt"]
        await expect(confirm).to_contain_text(f"4{nt}")
        await expect(confirm).to_contain_text(say(code, "West"))
        assert await serious_violations(page) == [], code
        await fits_a_phone(page, code)


async def test_numbers_and_plurals_by_the_languages_rules(club: Club) -> None:
    page = await club.scripts()
    said = await page.evaluate("""async () => {
      const i18n = await import("/static/i18n.js");
      const out = {};
      for (const code of ["en", "fr", "de", "nl", "pl"]) {
        i18n.useCatalog(await (await fetch(`/static/i18n/${code}.json`)).json());
        out[code] = [i18n.formatNumber(57.39, 2), i18n.formatPercent(57.39),
          [1, 2, 5, 22, 25].map((n) => i18n.n_("{n} minute", "{n} minutes", n)).join("; ")];
      }
      return out;
    }""")
    space = {"\u00a0": " ", "\u202f": " "}
    flat = {code: [v.translate(str.maketrans(space)) for v in values]
            for code, values in said.items()}
    assert flat["en"] == ["57.39", "57.39%",
                          "1 minute; 2 minutes; 5 minutes; 22 minutes; 25 minutes"]
    assert flat["fr"][:2] == ["57,39", "57,39 %"]
    assert flat["de"][:2] == ["57,39", "57,39 %"]
    assert flat["nl"][0] == "57,39"  # CLDR writes Dutch percentages without the space: 57,39%
    assert flat["pl"][2] == "1 minutę; 2 minuty; 5 minut; 22 minuty; 25 minut"


async def test_a_pads_choice_is_its_own_and_stays_until_the_club_language_is_all_it_has(
        club: Club) -> None:
    page = await club.pad(1)
    other = await club.pad(2)
    await choose(page, "fr", "en")
    await page.reload()
    await page.wait_for_selector("body[data-link=online]")
    await expect(page.locator("html")).to_have_attribute("lang", "fr")
    await expect(page.get_by_role("button", name="Se connecter")).to_be_visible()
    await expect(other.locator("html")).to_have_attribute("lang", "en")  # tables differ
    await page.get_by_label("Section").fill("A")
    await page.get_by_label("Table", exact=True).fill("1")
    await page.get_by_role("button", name="Se connecter").click()
    await page.wait_for_selector("body[data-state=play]")
    await page.get_by_role("button", name="Quitter la table A1").click()
    await page.get_by_role("button", name="Oui, quitter").click()
    await page.wait_for_selector("body[data-state=login]")
    await expect(page.locator("html")).to_have_attribute("lang", "fr")
    await club.station.director.reset_unit(1)
    await page.reload()
    await page.wait_for_selector("body[data-link=online]")
    await expect(page.locator("html")).to_have_attribute("lang", "fr")

    # The club's language (station.toml [club] language), for a pad that has not chosen.
    club.station.config = dataclasses.replace(club.station.config, club_language="de")
    await other.reload()
    await other.wait_for_selector("body[data-link=online]")
    await expect(other.locator("html")).to_have_attribute("lang", "de")
    await expect(other.get_by_role("button", name="Anmelden")).to_be_visible()
    await page.reload()
    await expect(page.locator("html")).to_have_attribute("lang", "fr")


async def key_a_result(page: Page) -> Locator:
    """3NT by North made, the king of hearts led, pressed as a player would (pseudo-language)
    and sent: its accept screen, shown."""
    await press(page, "Level", "3")
    await press(page, "Suit", x("no trump"))
    await press(page, "Declarer", x("North"))
    await press(page, "Result", "=")
    await press(page, "Lead: suit", x("hearts"))
    await press(page, "Lead: card", "K")
    await page.get_by_role("button", name=x("Send"), exact=True).click()
    confirm = page.locator("#confirm")
    await expect(confirm).to_be_visible()
    return confirm


async def enter_a_result(page: Page) -> None:
    """`key_a_result`, accepted."""
    confirm = await key_a_result(page)
    await confirm.get_by_role("button", name=x("Accept"), exact=True).click()


async def others_play(club: Club, console: Any, round_: int) -> None:
    """Tables 2 and 3 play the round, entered on the director's console."""
    for table in (2, 3):
        for board in pairs(club.station, table, round_)[2]:
            answer = await console.put(
                f"/api/sections/A/tables/{table}/rounds/{round_}/boards/{board}",
                json={"contract": "3NT", "declarer": "N", "tricks": 9})
            assert answer.status_code < 300, answer.text


@pytest.mark.parametrize("station_size", [(3, 3)])  # three rounds of one board
async def test_the_rankings_key_replaced_and_session_over_in_the_pseudo_language(
        club: Club, station_size: tuple[int, int]) -> None:
    async with director(club) as console:  # one login: the station counts them
        await walk_rounds_and_the_end(club, console)


async def walk_rounds_and_the_end(club: Club, console: Any) -> None:
    answer = await console.put("/api/sections/A/rankings",
                               json={"after_each_round": True, "hide_last": 0})
    assert answer.status_code == 200, answer.text
    page, _ = await pseudo_pad(club, 7)
    walk = Walk(page)
    await log_in_at_table_1(page)
    await page.wait_for_selector("body[data-state=play]")

    board = pairs(club.station, 1, 1)[2][0]
    await enter_a_result(page)
    await stored(page, 1, board, table=1)
    await others_play(club, console, 1)
    await expect(page.locator("#round-ranking")).to_be_visible(timeout=30000)
    await walk.check("rankings after the round")

    # The director pairs the unit again: the next result, under the old key, is refused.
    answer = await console.post("/api/units/7/pair")
    answer.raise_for_status()
    code = answer.json()["code"]
    board = pairs(club.station, 1, 2)[2][0]
    await enter_a_result(page)
    await expect(page.get_by_role("alert").filter(has_text="[~")).not_to_have_count(0)
    await walk.check("key replaced")
    await page.goto("about:blank")
    await page.goto(f"{club.url}/pad#code={code}&broker=ws://127.0.0.1:{club.broker.websockets}")
    await page.wait_for_selector("body[data-link=online]")
    await stored(page, 2, board, table=1)
    await others_play(club, console, 2)

    board = pairs(club.station, 1, 3)[2][0]
    await enter_a_result(page)
    await stored(page, 3, board, table=1)
    await others_play(club, console, 3)
    await page.wait_for_selector("body[data-state=finished]", timeout=30000)
    await walk.check("session over, the rankings to come")
    assert (await console.post("/api/session/end")).status_code == 200
    assert (await console.post("/api/session/publish")).status_code == 200
    await expect(page.locator("#ranking")).to_be_visible(timeout=30000)
    await walk.check("session over, the rankings")
    walk.report("rounds and the end")
