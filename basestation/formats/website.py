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
from collections.abc import Mapping, Sequence
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.domain.contract import result_notation

USEBIO_FILE = "results.xml"
SCORER_FILE = "scorer.xml"  # the Scorer's XML (formats/scorer_xml.py), a pairs event's
SUITS = (("♠", "spades"), ("♥", "hearts"), ("♦", "diamonds"), ("♣", "clubs"))
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}

@functools.cache
def environment() -> Environment:
    """The templates (made once), every value escaped: names come from the club's list and
    the pads."""
    env = Environment(loader=PackageLoader("basestation.formats", "site"),
                      autoescape=select_autoescape(["html"], default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters.update(pct=_pct, number=_number, result=result_words, day=day_words,
                       signed=_signed, nationals=_nationals, by_raw=_by_raw)
    env.globals.update(hands=hands, board_facts=board_facts, card_id=card_id, SUITS=SUITS,
                       SEATS=SEATS, fields=fields)
    return env


def _pct(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _number(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
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


def day_words(iso: str | None) -> str:
    """2026-03-17 as "Tuesday 17 March 2026"."""
    if not iso:
        return ""
    day = dt.date.fromisoformat(iso)
    return f"{day:%A} {day.day} {day:%B %Y}"


def result_words(line: Mapping[str, Any]) -> str:
    """A traveller line's result as the pads write it ("4S+1", "3NT=", "Pass"), or the
    ruling."""
    if line.get("kind") == "adjusted":
        return f"adjusted {line.get('adjusted') or ''}".strip()
    if line.get("kind") == "not_played":
        return "not played"
    return result_notation(line.get("contract"), line.get("tricks"))


def board_facts(board: int) -> str:
    """Dealer and vulnerability follow the board number, as on every duplicate board."""
    return f"Dealer {SEATS[dealer_of(board).value]}, vulnerable: {vulnerability_of(board)}"


def hands(deal: str) -> list[tuple[str, list[str]]]:
    """A PBN deal ("N:<north> <east> <south> <west>", any seat first) as each seat's name and
    its four holdings (spades first), North first."""
    first, _, rest = deal.partition(":")
    order = "NESW"
    start = order.index(first.strip().upper()[:1] or "N")
    found: dict[str, list[str]] = {}
    for offset, hand in enumerate(rest.split()):
        suits = [*hand.split("."), "", "", ""][:4]
        found[order[(start + offset) % 4]] = [s.replace("T", "10") or "—" for s in suits]
    return [(SEATS[seat], found.get(seat, ["—"] * 4)) for seat in order]


def card_id(section: str, pair: int, direction: str | None) -> str:
    """The score card's anchor in scorecards.html."""
    return f"card-{section}-{pair}" + (f"-{direction}" if direction else "")


def render_site(results: Mapping[str, Any], ladders: Sequence[Mapping[str, Any]],
                usebio: str, scorer: str | None = None) -> dict[str, str]:
    """Every file of the site by its path: index, rankings (or standings and matches),
    travellers, score cards, one ladder page per competition the event is in, the style
    sheet, the USEBIO XML and, for a pairs event, the Scorer's XML."""
    env = environment()
    event = results["event"]
    matches = results.get("matches")
    pages: list[tuple[str, str]] = []
    if matches is None:
        pages += [("rankings.html", "Rankings"), ("scorecards.html", "Score cards")]
    else:
        pages += [("standings.html", "Standings"), ("matches.html", "Matches")]
    if results["travellers"]:
        pages.append(("travellers.html", "Travellers"))
    ladder_pages = [(f"ladder-{ladder['competition']['id']}.html",
                     f"Ladder: {ladder['competition']['name']}") for ladder in ladders]
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


def fields(rankings: Sequence[Mapping[str, Any]], by_room: bool = False,
           ) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """The rankings split by field: section, and direction in a two-field movement; or,
    placed across the room, by direction across the sections (a Howell's pairs apart)."""
    found: dict[str, list[Mapping[str, Any]]] = {}
    for row in rankings:
        if by_room:
            key = (f"all sections {row['direction']}" if row.get("direction")
                   else f"all sections, {row['section']} (one field)")
        else:
            key = " ".join(p for p in (row["section"], row.get("direction") or "") if p)
        found.setdefault(key, []).append(row)
    return list(found.items())
