"""The ladders, the club's players, a player's results, the penalties and the history pages in
the director's language (issue 52): a pseudo-language walk of each page with data in it (a
ladder, handicaps, a player's sessions, a penalty of each kind, the audit log of several
actions) finds no text outside the catalogs; in a real language each page says its words,
numbers, percentages and dates in that language's form, and axe-core finds nothing serious.
Real Chromium, a real station; found by role and accessible name."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from basestation.web.language import COOKIE
from tests.api.test_competitions import THREE_NIGHTS, three_nights
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, serve
from tests.web.pseudo import Walk, in_pseudo_language
from tests.web.test_console_languages import said

pytestmark = pytest.mark.integration

# What the club and the director named: players, events, the competition.
NAMES = ["basestation", "Player", "NZB", "Tuesday pairs", "Darwin three night match", "Club teams",
         "AM", "PM"]  # the last two: the log's times, as Intl writes them
HANDICAPS = [{"number": 101, "name": "Player 101", "handicap": -2.5},
             {"number": 103, "name": "Player 103", "handicap": 4}]


async def club_with_a_ladder(http: httpx.AsyncClient, station: Station) -> list[int]:
    """Three published nights in a ladder, handicaps, and a pair's penalty on the open night."""
    events = await three_nights(http, station)
    assert (await http.put("/api/players", json=HANDICAPS)).status_code == 200
    made = (await http.post("/api/competitions", json=THREE_NIGHTS)).json()
    for event_id in events:
        added = await http.put(f"/api/competitions/{made['id']}/events/{event_id}")
        assert added.status_code == 200, added.text
    penalty = await http.post("/api/penalties", json={
        "section": "A", "pair": 2, "direction": "NS", "percent": 12.5, "board": 3})
    assert penalty.status_code == 201, penalty.text
    return events


@pytest.fixture
async def club(make_station: Callable[..., Any]) -> AsyncIterator[tuple[Station, str]]:
    station: Station = await make_station()
    async for url in serve(station):
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
            await http.post("/api/login", json={"password": PASSWORD})
            await club_with_a_ladder(http, station)
        yield station, url


async def date_words(page: Page) -> list[str]:
    """The words of the nights' dates, and today's (the station's first event), as the page's
    Intl writes them (not the catalogs')."""
    words: list[str] = await page.evaluate("""() => {
        const lang = document.documentElement.lang;
        const day = new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric",
          month: "long", year: "numeric", timeZone: "UTC" });
        return [3, 10, 17].map((d) => day.format(new Date(Date.UTC(2026, 2, d))))
          .concat([day.format(new Date()), new Date().toLocaleString(lang),
                   new Date().toLocaleDateString(lang)]).join(" ").match(/\\p{L}+/gu);
    }""")
    return words


async def log_in(page: Page, button: str, password: str, log_in: str) -> None:
    await page.get_by_role("button", name=button).click()
    await page.get_by_label(password).fill(PASSWORD)
    await page.get_by_role("button", name=log_in, exact=True).click()


async def test_the_five_pages_in_the_pseudo_language(
        club: tuple[Station, str], browser: Browser) -> None:
    station, url = club
    context: BrowserContext = await browser.new_context(viewport={"width": 1200, "height": 900})
    await in_pseudo_language(context, url)
    page = await context.new_page()
    await page.goto(url + "/competitions")
    await expect(page.locator("html")).to_have_attribute("lang", "en-XA")
    walk = Walk(page, names=NAMES + await date_words(page))
    await walk.check("ladders, a visitor")
    await log_in(page, "[~Director's login~]", "[~Password~]", "[~Log in~]")
    ladder = page.get_by_role("table", name="[~Ladder of Darwin three-night match~]")
    await expect(ladder.get_by_role("row")).to_have_count(5)
    await expect(page.get_by_role("table", name="[~Not qualified~]")).to_be_visible()
    await walk.check("ladders: the ladder, its rules and sessions")
    await page.get_by_role("button", name="[~Show the year's place-getters~]").click()
    await expect(page.get_by_role("table", name="Darwin three-night match", exact=True)
                 ).to_be_visible()
    await page.get_by_label("[~Year~]", exact=True).fill("2025")
    await page.get_by_role("button", name="[~Show the year's place-getters~]").click()
    await expect(page.get_by_text("[~No competition was played in 2025.~]")).to_be_visible()
    await walk.check("ladders: a year without competitions")

    await page.goto(url + "/players")
    await expect(page.get_by_label("[~Handicap of Player 101~]")).to_have_value("-2.5")
    await walk.check("the club's players, with handicaps")
    await page.get_by_label("[~Handicap of Player 103~]").fill("-1")
    await page.get_by_role("button", name="[~Save the handicaps~]").click()
    await expect(page.get_by_role("status")).to_have_text("[~Saved the handicaps of Player 103.~]")
    await walk.check("the club's players: a handicap saved")

    await page.goto(url + "/player-history?player=103&since=2026-03-01&until=2026-03-31")
    results = page.locator("#player-results table")
    await expect(results.get_by_role("row")).to_have_count(4)
    await walk.check("a player's results over a month")
    await page.get_by_label("[~From~]").fill("2025-01-01")
    await page.get_by_label("[~To~]").fill("2025-02-01")
    await page.get_by_role("button", name="[~Show the player's results~]").click()
    await expect(page.get_by_text("[~No sessions in this period.~]")).to_be_visible()
    await walk.check("a player's results: none in the period")

    await page.goto(url + "/penalties")
    await expect(page.locator("#penalties tbody tr[data-id]")).to_have_count(1)
    await walk.check("penalties off a pair's total")

    await page.goto(url + "/history")
    await expect(page.locator("#audit tbody tr[data-action=penalty]")).to_have_count(1)
    await expect(page.locator("#audit tbody tr[data-action=enter]").first).to_be_visible()
    await walk.check("history of the open night")
    await page.get_by_label("[~Show~]").select_option("director")
    await walk.check("history: the director's actions")
    await page.get_by_label("[~Show~]").select_option("unit")
    await expect(page.locator("#audit tbody tr.empty")).to_be_visible()
    await walk.check("history: the units' actions, none")

    # A teams event: penalties in VPs and IMPs, and its history.
    await station.director.open_new_event(NewEvent(
        "Club teams", "nz", (SectionConfig("A", "teams", 4, 2),), event_format="teams"))
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as http:
        await http.post("/api/login", json={"password": PASSWORD})
        for body in ({"entrant": 1, "vps": 2}, {"entrant": 2, "imps": 3, "round": 1}):
            added = await http.post("/api/match-penalties", json={"section": "A", **body})
            assert added.status_code == 201, added.text
    await page.goto(url + "/penalties")
    await expect(page.locator("#match-penalties-table tbody tr[data-id]")).to_have_count(2)
    await walk.check("penalties in VPs and IMPs")
    await page.goto(url + "/history")
    await expect(page.locator("#audit tbody tr[data-action=penalty]")).to_have_count(2)
    await expect(page.locator("#audit tbody tr[data-action=open_event]")).to_have_count(1)
    await walk.check("history of a teams event")
    walk.report("ladders/players/penalties/history")
    await context.close()


async def speak(context: BrowserContext, url: str, code: str) -> None:
    """The director's pages in `code` from now on (the choice language_choice.html keeps)."""
    await context.add_cookies([{"name": COOKIE, "value": code, "url": url}])


async def test_each_page_in_a_real_language(club: tuple[Station, str], browser: Browser) -> None:
    _station, url = club
    # One login (a station allows few a minute), then each page in its language.
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    await speak(context, url, "fr")
    page = await context.new_page()
    await page.goto(url + "/competitions")
    await expect(page.locator("html")).to_have_attribute("lang", "fr")
    await log_in(page, said("fr", "Director's login"), said("fr", "Password"), said("fr", "Log in"))
    await expect(page.get_by_role("button", name=said("fr", "Log out"))).to_be_visible()
    # The ladder in French: its averages with a decimal comma, its nights' dates in French.
    ladder = page.get_by_role("table", name="Classement de Darwin three-night match")
    average = ladder.get_by_role("row", name="Player 103").get_by_role("cell").nth(2)
    await expect(average).to_have_text(re.compile(r"^\d+,\d\d$"))
    await expect(ladder.get_by_role("columnheader", name="mardi 3 mars 2026")).to_be_visible()
    await expect(page.get_by_text("3 séances jouées sur 3.", exact=False)).to_be_visible()
    await expect(page.get_by_role("table", name="Non classés").get_by_role(
        "row", name="Player 101")).to_contain_text("a joué chaque séance avec le même partenaire")
    assert await serious_violations(page) == []

    # The club's players in German: a handicap saved, in words.
    await speak(context, url, "de")
    await page.goto(url + "/players")
    await expect(page.get_by_role("heading", name="Die Spieler des Clubs")).to_be_visible()
    await page.get_by_label("Handicap von Player 104").fill("1.5")
    await page.get_by_role("button", name="Handicaps speichern").click()
    await expect(page.get_by_role("status")).to_have_text("Handicaps von Player 104 gespeichert.")
    assert await serious_violations(page) == []

    # A player's results in Dutch: dates, the average as a Dutch percentage.
    await speak(context, url, "nl")
    await page.goto(url + "/player-history?player=103&since=2026-03-01&until=2026-03-31")
    results = page.get_by_role("table", name=re.compile(r"^3 zittingen, gemiddeld \d+,\d\d\s?%$"))
    await expect(results.get_by_role("row", name="dinsdag 17 maart 2026")).to_contain_text(
        "Player 105")
    await expect(page.get_by_role("heading", name=re.compile(
        r"^Uitslagen van Player 103 \(NZB 103\), zondag 1 maart 2026 tot"))).to_be_visible()
    assert await serious_violations(page) == []

    # Penalties in Italian: a fraction of a top with a decimal comma, in the table and said.
    await speak(context, url, "it")
    await page.goto(url + "/penalties")
    row = page.locator("#penalties tbody tr[data-id]")
    await expect(row.locator("td").nth(3)).to_have_text("12,5")
    await page.get_by_label("Coppia", exact=True).fill("3")
    await page.get_by_label("Linea").select_option("NS")
    await page.get_by_label("% di un top").fill("5")
    await page.get_by_role("button", name="Aggiungi la penalità").click()
    await expect(page.get_by_role("status")).to_have_text(
        re.compile(r"^La coppia 3 perde il 5\s?% di un top\.$"))
    await expect(page.get_by_role("button", name="Togli la penalità della coppia 2")
                 ).to_be_visible()
    assert await serious_violations(page) == []

    # The history in Polish: the actions' words, who, the penalty's percentage, the filter.
    await speak(context, url, "pl")
    await page.goto(url + "/history")
    penalty = page.locator("#audit tbody tr[data-action=penalty]").filter(has_text="pary 2")
    await expect(penalty).to_contain_text(re.compile(r"Kara: sektor A; 12,5\s?% dla pary 2"))
    await expect(penalty.get_by_role("cell").nth(1)).to_have_text("sędzia")
    await expect(page.locator("#audit tbody tr[data-action=enter]").first).to_contain_text(
        "Wpisano wynik: sektor A")
    await expect(page.get_by_label("Turniej").locator("option:checked")).to_contain_text(
        "wtorek, 17 marca 2026")
    await page.get_by_label("Pokaż").select_option("unit")
    await expect(page.locator("#audit tbody tr.empty")).to_have_text("Jeszcze nic nie zapisano.")
    assert await serious_violations(page) == []
    await context.close()
