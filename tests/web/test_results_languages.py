"""The set-up and results pages in every language (issue 52): a pseudo-language walk of each
screen a director sees on /setup and /results, finding no text outside the catalogs; the pages
in French with a percentage and a date in French form, axe-core clean; and the club's language
set on /setup: kept by the station, the pads' default, the console's fallback and the
website's, a language not shipped refused with nothing changed."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, BrowserContext, Page, expect

from basestation.station.app import Station
from basestation.store.repository import Store
from basestation.web.language import COOKIE
from tests.api.test_website import played
from tests.formats.test_handrecords_players import PBN
from tests.web.accessibility import serious_violations
from tests.web.conftest import PASSWORD, serve
from tests.web.pseudo import Walk, in_pseudo_language

pytestmark = pytest.mark.integration
WAIT = 30000  # the machine may be busy: generous waits
ROSTER = "number,name,national\n12,Ann Smith,NZB1\n7,Bob Brown,\n"
NAMES = ["Tuesday", "pairs", "Friday", "Ann", "Smith", "Bob", "Brown", "Cy", "Young",  # people's
         "basestation", "A", "B", "friday", "pbn", "club", "csv",  # the program's, files'
         "NZ", "EBU", "ACBL", "PL", "NZB", "PBN", "USEBIO", "CSV", "XML"]  # bodies', standards'


async def play_round_one(url: str) -> None:
    """Round 1 of section A (3 tables) by the director: spades and no trumps only, whose
    letters are the language's own bridge words in every form the traveller shows."""
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=30) as director:
        await director.post("/api/login", json={"password": PASSWORD})
        await director.put("/api/players", json=[{"number": 12, "name": "Ann Smith"},
                                                 {"number": 7, "name": "Bob Brown"}])
        for table, boards, contract in ((1, (1, 2), "4S"), (2, (3, 4), "3NTX"),
                                        (3, (5, 6), "4S")):
            for board in boards:
                answer = await director.put(
                    f"/api/sections/A/tables/{table}/rounds/1/boards/{board}",
                    json={"contract": contract, "declarer": "S", "tricks": 9})
                assert answer.is_success, answer.text


async def pseudo_login(page: Page) -> None:
    await page.get_by_label("[~Password~]").fill(PASSWORD)
    await page.get_by_role("button", name="[~Log in~]").click()
    await page.wait_for_selector("body[data-director=yes]", timeout=WAIT)


async def walk_setup(page: Page, walk: Walk, url: str) -> None:
    await page.goto(url + "/setup")  # logged in on /results
    await page.wait_for_selector("#setup-seats *", state="attached", timeout=WAIT)
    await page.wait_for_selector(".section-setup[data-valid=yes] .movement-preview", timeout=WAIT)
    await page.wait_for_selector("#club-language option >> nth=1", state="attached")
    await walk.check("set-up: a pairs section's movement and its balance check")
    # A movement that cannot be: the station's refusal, in the page's words.
    row = page.locator(".section-setup").first
    await row.locator("[name=movement]").select_option("howell")
    await page.wait_for_selector(".section-setup[data-valid=no]", timeout=WAIT)
    # (the movement library's reason is a refusal phrase: walked with the refusals' branch)
    assert await row.locator(".balance.bad").inner_text()
    await row.locator("[name=movement]").select_option("mitchell")
    await page.wait_for_selector(".section-setup[data-valid=yes]", timeout=WAIT)
    # A teams event: the first round's matches.
    await page.select_option("[name=format]", "teams")
    await page.wait_for_selector(".section-setup[data-valid=yes] .match-preview", timeout=WAIT)
    await walk.check("set-up: a teams event's first matches")
    await page.select_option("[name=format]", "swiss-teams")
    await page.wait_for_selector(".section-setup .match-preview", timeout=WAIT)
    await walk.check("set-up: a Swiss event's rounds")
    await page.select_option("[name=format]", "pairs")
    await page.wait_for_selector(".section-setup[data-valid=yes] .movement-preview", timeout=WAIT)
    await page.click("#add-section")
    await page.wait_for_selector(".section-setup >> nth=1")
    await walk.check("set-up: two sections")
    await page.locator(".section-setup").nth(1).locator(".remove").click()
    # Files: the hand records and the roster, a visitor, and a refused visitor.
    await page.set_input_files("#pbn-file", files=[{
        "name": "friday.pbn", "mimeType": "text/plain", "buffer": PBN.encode()}])
    await page.wait_for_selector("#pbn-state.good", timeout=WAIT)
    await page.set_input_files("#roster-file", files=[{
        "name": "club.csv", "mimeType": "text/csv", "buffer": ROSTER.encode()}])
    await page.wait_for_selector("#players tbody tr >> nth=1", timeout=WAIT)
    await walk.check("set-up: hand records and the club's roster read")
    await page.fill("#visitor-number", "12")
    await page.fill("#visitor-name", "Cy Young")
    await page.click("#add-visitor")
    await walk.check("set-up: a visitor's number taken already")
    await page.fill("#visitor-number", "900")
    await page.click("#add-visitor")
    await page.wait_for_selector("#players tr[data-number='900']")
    await walk.check("set-up: a visitor added")
    # The club's language.
    await page.locator("#club-language").select_option("en")
    await page.wait_for_selector("#club-language-state.good", timeout=WAIT)
    await walk.check("set-up: the club's language set")
    # Opening over the open event asks first.
    await page.locator("#event-form [name=name]").fill("Friday pairs")
    await page.click("#open-event")
    await page.wait_for_selector("#confirm[open]", timeout=WAIT)
    await walk.check("set-up: confirm closing the open event")
    await page.click("#confirm-close")
    await page.wait_for_selector("#message a[href='/']", timeout=WAIT)
    await page.wait_for_selector("#open-now:not(:empty)")
    await walk.check("set-up: the event opened")


async def allow_holdings(page: Page, walk: Walk) -> None:
    """A hand's suit ("AKQJ") is card ranks run together: checked as such, then allowed."""
    for text in await page.locator(".deal .hand > div").all_inner_texts():
        holding = text.split(" ", 1)[1]
        assert re.fullmatch(r"[AKQJT2-9]+|10|—", holding), text
        walk.allowed.append(holding)


# Day and month names come from Intl in the page's locale (CLDR data), not from a catalog.
CALENDAR = """() => {
  const tag = document.documentElement.lang;
  const days = [...Array(7).keys()].map((d) => new Intl.DateTimeFormat(tag, { weekday: "long",
    timeZone: "UTC" }).format(new Date(Date.UTC(2026, 10, 1 + d))));
  const months = [...Array(12).keys()].map((m) => new Intl.DateTimeFormat(tag, { month: "long",
    timeZone: "UTC" }).format(new Date(Date.UTC(2026, m, 1))));
  return [...days, ...months];
}"""


async def walk_results(page: Page, walk: Walk, url: str) -> None:
    await page.goto(url + "/results")
    await page.wait_for_selector("#message:not(:empty)", timeout=WAIT)
    await walk.check("results: a visitor, before they are published")
    await page.get_by_role("button", name="[~Director's login~]").click()
    await walk.check("results: the director's login")
    await pseudo_login(page)
    await page.wait_for_selector(".traveller >> nth=5", timeout=WAIT)
    await allow_holdings(page, walk)
    await walk.check("results: rankings and travellers")
    await page.click("#rankings tr.pick[data-pair='2'][data-direction='EW']")
    await page.wait_for_selector("#scorecard:not([hidden]) .card-sheet")
    await walk.check("results: a pair's score card")
    for what in ("rankings", "travellers", "scorecards"):
        await page.emulate_media(media="print")
        await page.evaluate(f"document.body.dataset.print = '{what}'")
        await walk.check(f"results: printing the {what}")
    await page.emulate_media(media="screen")
    await page.evaluate("document.body.dataset.print = 'all'")
    await page.click("#publish-event")
    await page.wait_for_selector("#publish-event", state="hidden", timeout=WAIT)
    await walk.check("results: published")


async def test_set_up_and_results_in_the_pseudo_language(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        await play_round_one(url)
        context: BrowserContext = await browser.new_context(viewport={"width": 1280, "height": 900})
        await in_pseudo_language(context, url)
        page = await context.new_page()
        walk = Walk(page, names=NAMES)
        await page.goto(url + "/results")
        walk.allowed.extend(await page.evaluate(CALENDAR))
        await walk_results(page, walk, url)
        await walk_setup(page, walk, url)
        walk.report("set-up and results")
        await context.close()


async def test_set_up_and_results_in_french(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    async for url in serve(station):
        await play_round_one(url)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await context.add_cookies([{"name": COOKIE, "value": "fr", "url": url}])
        page = await context.new_page()
        await page.goto(url + "/results")
        await expect(page.locator("html")).to_have_attribute("lang", "fr")
        await page.get_by_role("button", name="Connexion de l'arbitre").click()
        await page.get_by_label("Mot de passe").fill(PASSWORD)
        await page.get_by_role("button", name="Se connecter").click()
        await page.wait_for_selector(".traveller >> nth=5", timeout=WAIT)
        await expect(page.get_by_role("heading", name="Classement", exact=True)).to_be_visible()
        ranking = page.get_by_role("table", name="Section A NS")
        cells = await ranking.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()
        assert re.fullmatch(r"\d+,\d\d\u00a0%", cells[4]), cells  # 50,00 %
        # The event's date in French: "mardi 1 décembre 2026".
        day = station.session.event_date
        assert day is not None
        assert re.search(r"(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ \w+ \d{4}",
                         await page.inner_text("#event-name"))
        await page.click("#rankings tr.pick[data-pair='2'][data-direction='EW']")
        await expect(page.locator("#scorecard .card-total")).to_contain_text("Rang ")
        await expect(page.get_by_role("table", name="Résultats de la donne 1")).to_be_visible()
        assert await serious_violations(page) == []

        await page.goto(url + "/setup")
        await page.wait_for_selector(".section-setup[data-valid=yes] .movement-preview",
                                     timeout=WAIT)
        await expect(page.get_by_role("button", name="Ouvrir le tournoi")).to_be_visible()
        await expect(page.locator(".balance")).to_contain_text("tours.")
        await expect(page.get_by_label("Langue du club")).to_have_value("en")
        assert await serious_violations(page) == []
        await context.close()


async def test_the_clubs_language_is_set_on_set_up_and_kept(
        mosquitto: int, make_station: Callable[..., Any], browser: Browser) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, tables=3, boards=6)
    assert station.club_language == "en"  # station.toml's, the first
    async for url in serve(station):
        page = await browser.new_page()
        await page.goto(url + "/setup")
        await page.get_by_label("Password").fill(PASSWORD)
        await page.get_by_role("button", name="Log in").click()
        choice = page.get_by_label("The club's language")
        await expect(choice).to_have_value("en", timeout=WAIT)
        await choice.select_option(label="Deutsch")
        await expect(page.locator("#club-language-state")).to_have_text(
            "The club's language is now Deutsch.")
        assert station.club_language == "de"
        # Kept by the station: a restart loads it from the store.
        snap = Store(station.config.database).snapshot()
        assert snap.club is not None and snap.club.language == "de"

        # A new pad starts in it; the console falls back to it; the website is in it.
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=60) as http:
            pad = await http.get("/pad")
            assert '<html lang="en" data-club="de">' in pad.text
            console = await http.get("/history", headers={"Accept-Language": "ja"})
            assert '<html lang="de"' in console.text
            await http.post("/api/login", json={"password": PASSWORD})
            # A language the station does not ship: refused, nothing changed.
            refused = await http.put("/api/setup/language", json={"language": "zz"})
            assert refused.status_code == 422
            assert refused.json()["key"] == "club.language_unknown"
            assert "zz" in refused.json()["detail"]
            assert station.club_language == "de"
            assert (await http.get("/api/setup/language")).json()["language"] == "de"
            events, _ = await played(http, station)
            answer = await http.get(f"/api/events/{events[-1]}/website.zip")
            assert answer.status_code == 200, answer.text
        with zipfile.ZipFile(io.BytesIO(answer.content)) as archive:
            index = next(archive.read(n).decode() for n in archive.namelist()
                         if n.endswith("/index.html"))
        assert '<html lang="de">' in index
        pad_page = await browser.new_page()
        await pad_page.goto(url + "/pad")
        await expect(pad_page.locator("html")).to_have_attribute("lang", "de", timeout=WAIT)
        await pad_page.close()
        await page.close()
