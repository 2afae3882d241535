"""An event's results as a self-contained static website: plain HTML and CSS pages that open
from a folder or from any web host, with nothing to run in the reader's browser.

Rendered from the documents the station's pages read (the results document of
api/routes/event_results.py, the ladder document of api/routes/competitions.py), gathered by
the caller (api/website_data.py) with each pair's players and national numbers and each
board's par added. This module reads nothing but its own templates (basestation/formats/site)
and writes nothing: it returns each file's path in the site and its text.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal, format_percent
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from basestation import i18n
from basestation.domain.board import Vulnerability, dealer_of, vulnerability_of
from basestation.domain.contract import SUIT_SYMBOLS, ContractError, lead_words, parse_contract
from basestation.i18n import PSEUDO, SOURCE, bridge_words

USEBIO_FILE = "results.xml"
SCORER_FILE = "scorer.xml"  # the Scorer's XML (formats/scorer_xml.py), a pairs event's
DOMAIN = "site"  # the site's catalog (locale/<code>/LC_MESSAGES/site.po), apart from the pad's


@dataclass(frozen=True)
class Words:
    """The site's language: its messages, its bridge words and Babel's locale for numbers
    and dates."""

    code: str
    translations: gettext.NullTranslations
    bridge: Mapping[str, Any]
    locale: Locale

    def gettext(self, message: str, **values: object) -> str:
        return self.translations.gettext(message).format(**values)

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> str:
        return self.translations.ngettext(singular, plural, n).format(n=n, **values)


@functools.cache
def words_of(code: str = SOURCE) -> Words:
    """A language's words (made once): English is the messages themselves."""
    translations = i18n.translations(code, DOMAIN)
    locale = Locale.parse(SOURCE if code == PSEUDO else code)
    return Words(code, translations, bridge_words(code), locale)


@functools.cache
def environment(code: str = SOURCE) -> Environment:
    """The templates in one language (made once), every value escaped: names come from the
    club's list and the pads."""
    env = Environment(loader=PackageLoader("basestation.formats", "site"),
                      autoescape=select_autoescape(["html"], default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = True  # as catalogs.py extracts them
    words = words_of(code)
    env.install_gettext_translations(words.translations, newstyle=True)  # type: ignore[attr-defined]
    partial = functools.partial
    env.filters.update(
        pct=partial(pct, words), percent=partial(percent, words), number=partial(number, words),
        result=partial(result_words, words=words), day=partial(day_words, words),
        seat=partial(seat_letter, words), side=partial(side_letters, words),
        contract=partial(contract_words, words), lead=lead_words, signed=_signed,
        nationals=_nationals, by_raw=_by_raw)
    env.globals.update(
        hands=partial(hands, words=words), board_facts=partial(board_facts, words=words),
        suits=partial(suits, words), seat_name=partial(seat_name, words),
        fields=partial(fields, words), card_id=card_id,
        lang=i18n.tag(code))
    return env


def pct(words: Words, value: float | None) -> str:
    """A percentage's number, two decimals: 57.39, 57,39."""
    return "" if value is None else format_decimal(value, "0.00", locale=words.locale)


def percent(words: Words, value: float | None) -> str:
    """A percentage with its sign, two decimals, by the locale's pattern: 57.39%, 57,39 %."""
    if value is None:
        return ""
    pattern = words.locale.percent_formats[None].pattern.replace("#,##0", "#,##0.00", 1)
    return format_percent(value / 100, pattern, locale=words.locale)


def number(words: Words, value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return format_decimal(value, "0.##########", locale=words.locale)
    return str(value)


def _nationals(players: Sequence[Mapping[str, Any]]) -> str:
    """The players' national numbers in their order, a dash for one without; "" when none
    has one."""
    if not any(p.get("national") for p in players):
        return ""
    return ", ".join(str(p.get("national") or "—") for p in players)


def _by_raw(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A handicap event's rows in the order of their raw places ("2=" after "1")."""
    return sorted(rows, key=lambda row: int(str(row.get("raw_place") or 0).rstrip("=")))


def _signed(value: int | None) -> str:
    """A score as the pads show it: "+420", "-100", "0"."""
    return "" if value is None else f"{value:+d}" if value else "0"


def day_words(words: Words, iso: str | None) -> str:
    """2026-03-17 as "Tuesday 17 March 2026", "mardi 17 mars 2026" (the locale's full date;
    English keeps the club's day-month order)."""
    if not iso:
        return ""
    day = dt.date.fromisoformat(iso)
    full = "EEEE d MMMM y" if words.locale.language == SOURCE else "full"
    return format_date(day, full, locale=words.locale)


def seat_letter(words: Words, seat: str | None) -> str:
    """A seat's letter in the language (N O Z W in Dutch)."""
    return str(words.bridge["seats"].get(seat, seat)) if seat else ""


def side_letters(words: Words, side: str | None) -> str:
    """A side's letters in the language (NZ, OW in Dutch)."""
    return str(words.bridge["sides"].get(side, side)) if side else ""


def seat_name(words: Words, seat: str) -> str:
    names = {"N": words.gettext("North"), "E": words.gettext("East"),
             "S": words.gettext("South"), "W": words.gettext("West")}
    return names.get(seat, seat)


def suits(words: Words) -> list[tuple[str, str, str]]:
    """Each suit's symbol, its style class and its name for a screen reader, spades first."""
    return [("♠", "spades", words.gettext("spades")), ("♥", "hearts", words.gettext("hearts")),
            ("♦", "diamonds", words.gettext("diamonds")), ("♣", "clubs", words.gettext("clubs"))]


def contract_words(words: Words, contract: str | None) -> str:
    """A contract in the language: the suit's symbol, its no trump ("4♠", "3SA"), X, XX."""
    try:
        parsed = parse_contract(contract or "")
    except ContractError:
        return contract or ""
    if parsed.passed_out:
        return str(words.bridge["pass"])
    assert parsed.strain is not None  # a bid contract has one
    strain = parsed.strain.value
    shown = words.bridge["nt"] if strain == "NT" else SUIT_SYMBOLS.get(strain, strain)
    doubling = {"X": words.bridge["doubled"], "XX": words.bridge["redoubled"]}
    return f"{parsed.level}{shown}{doubling.get(parsed.doubling.value, '')}"


def result_words(line: Mapping[str, Any], words: Words | None = None) -> str:
    """A traveller line's result as the pads write it ("4♠+1", "3NT=", "Pass"), or the
    ruling."""
    words = words or words_of()
    if line.get("kind") == "adjusted":
        return words.gettext("adjusted {score}", score=line.get("adjusted") or "").strip()
    if line.get("kind") == "not_played":
        return words.gettext("not played")
    try:
        parsed = parse_contract(line.get("contract") or "")
    except ContractError:
        return str(line.get("contract") or "")
    if parsed.passed_out:
        return str(words.bridge["pass"])
    made = (line.get("tricks") or 0) - 6 - parsed.level
    return contract_words(words, line.get("contract")) + ("=" if made == 0 else f"{made:+d}")


def board_facts(board: int, words: Words | None = None) -> str:
    """Dealer and vulnerability follow the board number, as on every duplicate board."""
    words = words or words_of()
    vulnerable = vulnerability_of(board)
    said = {Vulnerability.NONE: words.gettext("none"), Vulnerability.ALL: words.gettext("all")}
    return words.gettext("Dealer {dealer}, vulnerable: {vulnerable}",
                         dealer=seat_name(words, dealer_of(board).value),
                         vulnerable=said.get(vulnerable) or side_letters(words, vulnerable.value))


def hands(deal: str, words: Words | None = None) -> list[tuple[str, list[str]]]:
    """A PBN deal ("N:<north> <east> <south> <west>", any seat first) as each seat's name and
    its four holdings (spades first), North first."""
    words = words or words_of()
    first, _, rest = deal.partition(":")
    order = "NESW"
    start = order.index(first.strip().upper()[:1] or "N")
    found: dict[str, list[str]] = {}
    for offset, hand in enumerate(rest.split()):
        suits = [*hand.split("."), "", "", ""][:4]
        found[order[(start + offset) % 4]] = [s.replace("T", "10") or "—" for s in suits]
    return [(seat_name(words, seat), found.get(seat, ["—"] * 4)) for seat in order]


def card_id(section: str, pair: int, direction: str | None) -> str:
    """The score card's anchor in scorecards.html."""
    return f"card-{section}-{pair}" + (f"-{direction}" if direction else "")


def render_site(results: Mapping[str, Any], ladders: Sequence[Mapping[str, Any]],
                usebio: str, scorer: str | None = None,
                language: str = SOURCE) -> dict[str, str]:
    """Every file of the site by its path: index, rankings (or standings and matches),
    travellers, score cards, one ladder page per competition the event is in, the style
    sheet, the USEBIO XML and, for a pairs event, the Scorer's XML. The pages are in
    `language` (the club's); the XML files keep their standards' English letters."""
    env = environment(language)
    _ = words_of(language).gettext
    event = results["event"]
    matches = results.get("matches")
    pages: list[tuple[str, str]] = []
    if matches is None:
        pages += [("rankings.html", _("Rankings")), ("scorecards.html", _("Score cards"))]
    else:
        pages += [("standings.html", _("Standings")), ("matches.html", _("Matches"))]
    if results["travellers"]:
        pages.append(("travellers.html", _("Travellers")))
    ladder_pages = [(f"ladder-{ladder['competition']['id']}.html",
                     _("Ladder: {name}", name=ladder["competition"]["name"]))
                    for ladder in ladders]
    pages += ladder_pages
    common = {"event": event, "pages": pages, "usebio": USEBIO_FILE, "results": results,
              "scorer": SCORER_FILE if scorer is not None else None}
    files: dict[str, str] = {"style.css": env.get_template("style.css").render()}
    files["index.html"] = env.get_template("index.html").render(**common, here="index.html")
    for path, _title in pages:
        if path.startswith("ladder-"):
            continue
        template = env.get_template(path)
        files[path] = template.render(**common, here=path)
    for (path, _title), ladder in zip(ladder_pages, ladders, strict=True):
        files[path] = env.get_template("ladder.html").render(**common, here=path,
                                                             ladder=ladder)
    files[USEBIO_FILE] = usebio
    if scorer is not None:
        files[SCORER_FILE] = scorer
    return files


def fields(words: Words, rankings: Sequence[Mapping[str, Any]], by_room: bool = False,
           ) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The rankings split by field: section, and direction in a two-field movement; or,
    placed across the room, by direction across the sections (a Howell's pairs apart)."""
    found: dict[str, list[Mapping[str, Any]]] = {}
    for row in rankings:
        if by_room:
            side = side_letters(words, row.get("direction"))
            key = (words.gettext("all sections {side}", side=side) if side
                   else words.gettext("all sections, {section} (one field)",
                                      section=row["section"]))
        else:
            side = side_letters(words, row.get("direction"))
            key = " ".join(p for p in (row["section"], side) if p)
        found.setdefault(key, []).append(row)
    return list(found.items())
