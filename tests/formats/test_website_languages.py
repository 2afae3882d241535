"""The published website in the club's language (issue 52): Jinja2's i18n with the site's own
gettext domain, the language's bridge words, suits as symbols, numbers and dates by Babel's
locale; the pseudo-language finds no word outside the catalogs; the XML files unchanged."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from basestation.formats.website import render_site
from basestation.i18n import shipped

EVENT = "Tuesday pairs"
NAMES = ["Ann Smith", "Bo Lee", "Cy Young", "Di Dee", "NZB 7", "NZB 8", "Lions", "Tigers",
         "Winter ladder", "Spring night"]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
USEBIO = "<USEBIO><CONTRACT>4S</CONTRACT><DIRECTION>EW</DIRECTION></USEBIO>"


def row(section: str, pair: int, direction: str | None, pct: float, **more: Any) -> dict[str, Any]:
    return {"section": section, "pair": pair, "direction": direction, "rank_label": "1",
            "total": 5.5, "pct": pct, "boards": 2, "raw_place": "2=", "handicap": 1.5,
            "handicapped_pct": 58.14, "section_place": "1", "room_place": "2",
            "players": [{"name": "Ann Smith", "national": "NZB 7"},
                        {"name": "Bo Lee", "national": "NZB 8"}], **more}


def line(contract: str, declarer: str, tricks: int, lead: str, **more: Any) -> dict[str, Any]:
    return {"ns": 1, "ew": 2, "kind": "result", "contract": contract, "declarer": declarer,
            "tricks": tricks, "lead": lead, "score_ns": 430, "mp_ns": 1.5, "mp_ew": 0.5,
            "ns_names": "Ann Smith", "ew_names": "Cy Young", **more}


def pairs(**event: Any) -> dict[str, Any]:
    """A pairs event with every kind of row and line the site shows."""
    lines = [line("3NT", "S", 10, "HT"), line("4SX", "W", 9, "D2"), line("PASS", "", 0, ""),
             {**line("", "", 0, ""), "kind": "adjusted", "adjusted": "60/40"},
             {**line("", "", 0, ""), "kind": "not_played"}]
    return {
        "event": {"id": 4, "name": EVENT, "date": "2026-03-17", "format": "pairs",
                  "handicap": True, "across_the_field": True, **event},
        "rankings": [row("A", 1, "NS", 57.39, sat_out=1, factored_total=6.5,
                         factored_maximum=8),
                     row("A", 2, "EW", 42.61), row("B", 1, None, 50.0)],
        "travellers": [{"section": s, "board": 2, "top": 2, "results": lines, "deal": DEAL,
                        "par": [{"contract": "4S", "declarer": "W", "score": -420}]}
                       for s in ("A", "B")] + [{"section": "A", "board": 3, "top": None,
                                                "results": lines, "deal": DEAL, "par": []}],
        "scorecards": [{"section": "A", "pair": 1, "direction": "NS", "names": "Ann Smith",
                        "boards": [{**line("4SX", "W", 9, "D2"), "round": 1, "board": 2,
                                    "direction": "EW", "opponents": 2,
                                    "opponents_names": "Cy Young", "mp": 1.5, "pct": 57.39}]}],
        "penalties": [], "matches": None,
    }


def teams() -> dict[str, Any]:
    held = {"kind": "result", "contract": "4H", "tricks": 10, "declarer": "E", "score_ns": -420}
    match = {"round": 1, "a": "Lions", "b": "Tigers", "imps_a": 10, "imps_b": 3, "vp_a": 14.5,
             "vp_b": 5.5, "tables": [1, 2],
             "board_results": [{"board": 1, "tables": [held, None], "imps_a": -10,
                                "imps_b": 10}]}
    standing = {"rank": 1, "entrant": "Lions", "vps": 14.5, "imps": 10,
                "players": [{"name": "Ann Smith", "national": None}]}
    sections = [{"section": s, "matches": [match], "standings": [standing]} for s in "AB"]
    return {"event": {"id": 5, "name": EVENT, "date": "2026-03-17", "format": "teams"},
            "rankings": [], "travellers": [], "scorecards": [], "penalties": [],
            "matches": {"sections": sections}}


LADDER = {
    "competition": {"id": 9, "name": "Winter ladder", "kind": "pairs", "sessions": 3,
                    "qualify": 2, "count": 2, "change_partner": True},
    "sessions_played": 2,
    "events": [{"id": 4, "name": "Spring night", "date": "2026-03-17"}],
    "rows": [{"rank_label": "1", "names": "Ann Smith", "average": 57.39,
              "players": [{"name": "Ann Smith", "national": "NZB 7"}],
              "played": [{"event": 4, "pct": 57.39, "counted": False}]}],
    "not_qualified": [{"names": "Bo Lee", "why": "played 1 of the 2 sessions needed to qualify",
                       "played": [{"event": 4, "pct": 50.0, "counted": True}]},
                      {"names": "Cy Young", "why": "played every session with the same partner",
                       "played": [{"event": 4, "pct": 50.0, "counted": True}] * 2}],
}


def sites(language: str) -> list[dict[str, str]]:
    """Every page the site has: a pairs event (by section, and placed across the room) with
    its ladder and the Scorer's XML, and a teams event."""
    return [render_site(pairs(), [LADDER], USEBIO, "<scorer/>", language),
            render_site(pairs(places="room"), [], USEBIO, None, language),
            render_site(teams(), [], USEBIO, None, language)]


class Text(HTMLParser):
    """A page's text for people: its text nodes and its accessible labels."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [value for name, value in attrs if name == "aria-label" and value]

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.found.append(data.strip())


def texts(html: str) -> list[str]:
    parser = Text()
    parser.feed(html)
    return parser.found


MARKED = re.compile(r"\[~(?:(?!\[~).)*?~\]", re.S)  # an innermost marked message
# What may show outside the catalogs: bridge words and symbols, section letters, card ranks.
BRIDGE = re.compile(r"^(NS|EW|NT|XX?|Pass|[NESW]|[AB]|[AKQJT]+)$")


def unmarked(text: str) -> list[str]:
    while True:
        stripped = MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    for name in [*NAMES, EVENT, "Tuesday 17 March 2026"]:  # names, and Babel's date
        text = text.replace(name, " ")
    return [word for word in re.findall(r"[^\W\d_]+", text) if not BRIDGE.match(word)]


def test_the_pseudo_language_leaves_no_word_outside_the_catalogs() -> None:
    checked = 0
    for site in sites("xx"):
        for path, html in site.items():
            if not path.endswith(".html"):
                continue
            assert '<html lang="en-XA">' in html, path
            for text in texts(html):
                checked += 1
                assert unmarked(text) == [], f"{path}: {text!r}"
    assert checked > 300


def test_the_check_sees_a_word_outside_the_catalogs() -> None:
    assert unmarked("[~Board %(board)s~] 3NT+1 Ann Smith ♥T") == []
    assert unmarked("[~Rank~]: overall") == ["overall"]


def cell(text: str) -> str:
    return f'<td class="text">{text}</td>'


def test_the_site_in_french() -> None:
    site = sites("fr")[0]
    assert all('<html lang="fr">' in html for p, html in site.items() if p.endswith(".html"))
    rankings, travellers = site["rankings.html"], site["travellers.html"]
    assert "<h1>Classements</h1>" in rankings and "Section A" in rankings
    assert "<td>57,39</td>" in rankings  # a percentage's number, French decimals
    assert "Feuille de route de la paire 1 NS" in rankings
    assert "Donne 2 (section A)" in travellers
    assert "Donneur Est, vulnérable : NS" in travellers
    assert "Par : 4♠ joué par Ouest" in travellers
    assert cell("3SA+1") in travellers and cell("4♠X-1") in travellers
    assert cell("Passe") in travellers and "score arbitral 60/40" in travellers
    assert cell("O") in travellers  # West declares: O
    assert "<td>1,5</td>" in travellers  # matchpoints
    assert "<th scope=\"col\">EO</th>" in travellers
    cards = site["scorecards.html"]
    assert "Rang 1 : 5,5 PM, 57,39\xa0%" in cards  # CLDR's French: a no-break space
    assert "<td>EO</td>" in cards and cell("♦2") in cards
    assert "mardi 17 mars 2026" in site["index.html"]
    ladder = site["ladder-9.html"]
    assert "séances jouées : 2 sur 3" in ladder and "(57,39)" in ladder
    assert "a joué 1 des 2 séances nécessaires pour être classé" in ladder


def test_the_site_in_dutch() -> None:
    site = sites("nl")[0]
    travellers = site["travellers.html"]
    assert "Gever Oost, kwetsbaar: NZ" in travellers and "Spel 2 (lijn A)" in travellers
    assert "<th scope=\"col\">NZ</th><th scope=\"col\">OW</th>" in travellers
    assert cell("Z") in travellers and cell("3SA+1") in travellers
    assert "57,39%" in site["scorecards.html"]  # CLDR's Dutch has no space before %
    assert "dinsdag 17 maart 2026" in site["index.html"]
    teams_site = sites("nl")[2]
    assert "Ronde 1: Lions tegen Tigers, lijn A" in teams_site["matches.html"]
    assert "<td>14,5</td>" in teams_site["standings.html"]


def test_polish_plurals_on_the_ladder() -> None:
    ladder = sites("pl")[0]["ladder-9.html"]
    assert "rozegrano 2 z 3 sesji" in ladder
    assert "rozegrał 1 z 2 sesji potrzebnych do kwalifikacji" in ladder


@pytest.mark.parametrize("language", ["fr", "nl", "de", "es", "it", "pl", "xx"])
def test_the_xml_files_keep_their_standards_letters(language: str) -> None:
    site = render_site(pairs(), [LADDER], USEBIO, "<scorer/>", language)
    assert site["results.xml"] == USEBIO and site["scorer.xml"] == "<scorer/>"
    assert site["style.css"] == render_site(pairs(), [], USEBIO)["style.css"]


def test_english_is_the_messages_themselves() -> None:
    site = sites("en")[0]
    assert '<html lang="en">' in site["index.html"]
    assert "Rank 1: 5.5 MP, 57.39%" in site["scorecards.html"]
    assert "Dealer East, vulnerable: NS" in site["travellers.html"]
    assert cell("3NT+1") in site["travellers.html"]
    assert "Raw ranking, Section A" in site["rankings.html"]
    assert "2 of 3 sessions played; 2 to qualify, the best 2 averaged" in site["ladder-9.html"]


@pytest.mark.parametrize("language", shipped())
def test_every_page_renders_in_every_shipped_language(language: str) -> None:
    """A translation's placeholders fill in (a wrong one would fail the render), and every
    page says its language."""
    for site in sites(language):
        for path, html in site.items():
            if path.endswith(".html"):
                assert f'<html lang="{language}">' in html, path
                assert "%(" not in html and "{" not in html and "[~" not in html, path
