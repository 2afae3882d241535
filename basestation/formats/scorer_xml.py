"""The results XML of NZ Bridge's Scorer program, which New Zealand clubs' websites take
(seeds/club-directors-manual.txt: "Click 'XML' to upload results along with hand records").

The element and attribute names and the forms of their values are the Scorer's
(docs/ARCHITECTURE.md, Contracts, "scorer.xml"):

- the root `session` (`club`, `club_no`, `field_scoring`, `scoring_type`, `event_name`,
  `event_date` as dd/mm/yyyy, `event_time`);
- `sections/section` (`sectid`, `tables`, `room`, `colour`, `handicap`);
- `board_results/brsection/result` (`tab`, `bd`, `rnd`, `ns`, `ew`, `dec`, `cont` as "4 S",
  "1 NT x" or "N P" for a board passed out, `lead` as "CT" for the ten of clubs, `res` as "=",
  "+1", "-2", `score` (NS's, or "Adj" for an artificial score), `mp_ns`, `mp_ew` in tenths of
  a matchpoint, -9999 for the phantom's missing result);
- `scores/scsection/pair` (`player_name_1`, `nzb_no_1`, `player_name_2`, `nzb_no_2`, `no`,
  `dir` N, E or H for a Howell pair, `match_points` as "total/maximum", `place`, `res`,
  `raw_score`, `handicap`);
- `hand_records/board` (`bd`, `dealer`, `vul`, and a PBN hand for each of `north`, `east`,
  `south`, `west`), the hand records that go up with the results.

This module only writes: its caller (api/scorer_data.py) gathers the figures from the
station's own results.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.domain.cards import parse_card
from basestation.domain.contract import parse_contract
from basestation.formats.roster import Player

PHANTOM_MP = -9999  # mp_ns and mp_ew of a line the phantom "played": no result
ARTIFICIAL = "Adj"  # the score of a line with an artificial adjusted score
PASSED_OUT = "N P"
SEATS = "NESW"
T = TypeVar("T")
# The Scorer tells sections apart by colour; the station gives them in this order.
COLOURS = ("Red", "Blue", "Green", "Yellow", "Orange", "Purple", "Pink", "Brown", "Grey",
           "White", "Black", "Gold")


@dataclass(frozen=True, slots=True)
class ScorerEvent:
    """The root's facts: the club, how the session was scored, the event and when."""

    name: str
    held_on: date | None
    time: str = ""  # "19:30"
    club: str = ""
    club_no: str = ""
    across_the_field: bool = False  # matchpointed across every section ("Score all sections")
    scoring_type: str = "MP"  # matchpoints


@dataclass(frozen=True, slots=True)
class ScorerSection:
    letter: str
    tables: int
    handicap: bool = False
    room: int = 1


@dataclass(frozen=True, slots=True)
class ScorerLine:
    """One table's line on a board, as the traveller shows it, or the phantom's."""

    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    mp_ns: float | None
    mp_ew: float | None
    contract: str | None = None  # as the station holds it: "4S", "3NTX", "PASS"
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    score_ns: int | None = None
    artificial: bool = False  # an artificial adjusted score ("Adj")
    phantom: bool = False  # the pair at the table met the phantom: no result


@dataclass(frozen=True, slots=True)
class ScorerPair:
    section: str
    pair: int
    direction: str | None  # "NS", "EW", or None for a Howell (one field) pair
    players: tuple[Player, ...]
    total: float  # factored up to the boards it sat out against the phantom, if any
    maximum: float  # as a pair that sat out nothing could have had
    place: str  # "1", "2="
    raw_score: float | None  # the percentage
    handicap: float = 0.0  # the pair's: its players' handicaps added
    score: float | None = None  # the handicapped percentage; None: the raw one


def write_scorer_xml(event: ScorerEvent, sections: Sequence[ScorerSection],
                     lines: Iterable[ScorerLine], pairs: Iterable[ScorerPair],
                     hand_records: Mapping[int, str] | None = None) -> str:
    """The session as the Scorer's XML."""
    root = ET.Element("session", {
        "club": event.club, "club_no": event.club_no,
        "field_scoring": "Y" if event.across_the_field else "N",
        "scoring_type": event.scoring_type, "event_name": event.name,
        "event_date": event.held_on.strftime("%d/%m/%Y") if event.held_on else "",
        "event_time": event.time})
    listed = ET.SubElement(root, "sections")
    for index, section in enumerate(sections):
        ET.SubElement(listed, "section", {
            "sectid": section.letter, "tables": str(section.tables), "room": str(section.room),
            "colour": COLOURS[index % len(COLOURS)],
            "handicap": "Y" if section.handicap else "N"})
    letters = [s.letter for s in sections]
    results = ET.SubElement(root, "board_results")
    by_section = _by_section(lines, letters, lambda line: line.section)
    for letter in letters:
        part = ET.SubElement(results, "brsection", {"sectid": letter})
        for line in sorted(by_section.get(letter, ()), key=lambda x: (x.board, x.table)):
            ET.SubElement(part, "result", _result(line))
    scores = ET.SubElement(root, "scores")
    pairs_by_section = _by_section(pairs, letters, lambda pair: pair.section)
    for letter in letters:
        part = ET.SubElement(scores, "scsection", {"sectid": letter})
        for pair in pairs_by_section.get(letter, ()):
            ET.SubElement(part, "pair", _pair(pair))
    if hand_records:
        _hand_records(root, hand_records)
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(root, encoding="unicode") + "\n")


def _by_section(items: Iterable[T], letters: list[str],
                letter_of: Callable[[T], str]) -> dict[str, list[T]]:
    found: dict[str, list[T]] = {}
    for item in items:
        found.setdefault(letter_of(item), []).append(item)
    unknown = set(found) - set(letters)
    if unknown:
        raise ValueError(f"section {sorted(unknown)[0]} is not among the event's sections")
    return found


def _result(line: ScorerLine) -> dict[str, str]:
    values = {"tab": str(line.table), "bd": str(line.board), "rnd": str(line.round),
              "ns": str(line.ns), "ew": str(line.ew), "dec": "", "cont": "", "lead": "",
              "res": "", "score": ""}
    if line.phantom:
        values["mp_ns"] = values["mp_ew"] = str(PHANTOM_MP)
        return values
    if line.artificial:
        values["score"] = ARTIFICIAL
    elif line.contract is not None:
        values.update(_played(line))
    elif line.score_ns is not None:
        values["score"] = str(line.score_ns)
    values["mp_ns"] = tenths(line.mp_ns)
    values["mp_ew"] = tenths(line.mp_ew)
    return values


def _played(line: ScorerLine) -> dict[str, str]:
    contract = parse_contract(line.contract or "")
    score = "" if line.score_ns is None else str(line.score_ns)
    if contract.passed_out:
        return {"cont": PASSED_OUT, "score": score or "0"}
    assert contract.strain is not None
    doubled = f" {contract.doubling.value.lower()}" if contract.doubling.value else ""
    made = None if line.tricks is None else line.tricks - 6 - contract.level
    return {"dec": line.declarer or "",
            "cont": f"{contract.level} {contract.strain.value}{doubled}",
            "lead": lead_text(line.lead), "score": score,
            "res": "" if made is None else "=" if made == 0 else f"{made:+d}"}


def lead_text(lead: str | None) -> str:
    """A lead as the Scorer writes it: suit, then rank, the ten as T ("CT")."""
    if not lead:
        return ""
    card = parse_card(lead)
    return f"{card.suit.value}{card.rank}"


def tenths(matchpoints: float | None) -> str:
    """Matchpoints times ten, as the Scorer keeps them ("96" for 9.6)."""
    if matchpoints is None:
        return ""
    value = round(matchpoints * 10, 6)
    return str(int(value)) if value.is_integer() else f"{value:g}"


def number(value: float) -> str:
    """12, 12.5: no trailing ".0"."""
    value = round(value, 6)
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def percent(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


def _pair(pair: ScorerPair) -> dict[str, str]:
    values: dict[str, str] = {}
    for index in (1, 2):
        player = pair.players[index - 1] if len(pair.players) >= index else None
        values[f"player_name_{index}"] = player.name if player else ""
        values[f"nzb_no_{index}"] = (player.national or "") if player else ""
    direction = {"NS": "N", "EW": "E"}.get(pair.direction or "", "H")
    values.update({
        "no": str(pair.pair), "dir": direction,
        "match_points": f"{number(pair.total)}/{number(pair.maximum)}",
        "place": pair.place,
        "res": percent(pair.raw_score if pair.score is None else pair.score),
        "raw_score": percent(pair.raw_score), "handicap": number(pair.handicap)})
    return values


def _hand_records(root: ET.Element, hand_records: Mapping[int, str]) -> None:
    records = ET.SubElement(root, "hand_records")
    for board, deal in sorted(hand_records.items()):
        first, _, rest = deal.partition(":")
        start = SEATS.index(first.strip().upper()[:1] or "N")
        hands = {SEATS[(start + offset) % 4]: hand for offset, hand in enumerate(rest.split())}
        ET.SubElement(records, "board", {
            "bd": str(board), "dealer": dealer_of(board).value,
            "vul": str(vulnerability_of(board)),
            "north": hands.get("N", ""), "east": hands.get("E", ""),
            "south": hands.get("S", ""), "west": hands.get("W", "")})
