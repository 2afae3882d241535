"""The club's player list in CSV: one row per player, number, name and, optionally, the
player's national number (NZB); a column headed `handicap`, wherever it stands, gives each
player's handicap (percentage points, "-9", "+3.5"; empty: none)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import ClassVar, NamedTuple

from basestation.domain.csv_cells import csv_text, unquoted
from basestation.domain.said import SaidError

# Why a player list cannot be taken, by message key (the station's refusals table takes
# these in); `why` is the CSV reader's own words.
PLAYER_LIST_WORDS: dict[str, str] = {
    "players.unreadable": "not a readable CSV file: {why}",
    "players.row": "line {line}: expected number,name, got {row}",
    "players.listed_twice": "line {line}: player {number} appears twice",
    "players.handicap": "line {line}: the handicap must be a number of percentage points such "
                        "as -9 or +3.5, not {text}",
    "players.handicap_over": "line {line}: a handicap of {text} is more than {most:g} "
                             "percentage points either way",
}


class PlayerListError(SaidError):
    """A row of the player list is not a number and a name."""

    WORDS: ClassVar[dict[str, str]] = PLAYER_LIST_WORDS


class Listed(NamedTuple):
    name: str
    national: str | None = None
    handicap: float | None = None


MAX_HANDICAP = 50.0  # percentage points either way: clubs use -9 to +9, some -12 to +12


def parse_players(text: str) -> dict[int, str]:
    """Player number -> name. A header row (first cell not a number) is skipped."""
    return {number: listed.name for number, listed in parse_player_list(text).items()}


def parse_player_list(text: str) -> dict[int, Listed]:
    """Player number -> name and national number; the whole file or a PlayerListError
    naming the first bad line."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise PlayerListError.of("players.unreadable", why=str(exc)) from exc
    players: dict[int, Listed] = {}
    handicap_column: int | None = None
    for line_no, row in enumerate(rows, start=1):
        if not row or not any(cell.strip() for cell in row):
            continue
        first = row[0].strip()
        # isdecimal, not isdigit: "²" is a digit that int() cannot read.
        if line_no == 1 and not first.isdecimal():
            headings = [cell.strip().casefold() for cell in row]
            handicap_column = headings.index("handicap") if "handicap" in headings else None
            continue
        if not first.isdecimal() or len(row) < 2 or not row[1].strip():
            raise PlayerListError.of("players.row", line=line_no, row=repr(row))
        number = int(first)
        if number in players:
            raise PlayerListError.of("players.listed_twice", line=line_no, number=number)
        # unquoted: the quote players_csv put before a formula-like name comes off again.
        national = unquoted(row[2].strip()) if len(row) > 2 and row[2].strip() else None
        handicap = None
        if handicap_column is not None and handicap_column < len(row):
            handicap = _handicap(row[handicap_column], line_no)
        players[number] = Listed(unquoted(row[1].strip()), national, handicap)
    return players


def _handicap(cell: str, line_no: int) -> float | None:
    text = unquoted(cell.strip())
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise PlayerListError.of("players.handicap", line=line_no, text=repr(text)) from None
    if not -MAX_HANDICAP <= value <= MAX_HANDICAP:
        raise PlayerListError.of("players.handicap_over", line=line_no, text=text,
                                 most=MAX_HANDICAP)
    return value


def players_csv(players: dict[int, str], national: dict[int, str],
                handicaps: dict[int, float] | None = None) -> str:
    """The list as this module reads it back: a header, then number, name, national number
    and handicap."""
    handicaps = handicaps or {}
    rows: list[list[object]] = [["number", "name", "national", "handicap"]]
    rows += [[number, name, national.get(number, ""), _number(handicaps.get(number))]
             for number, name in sorted(players.items())]
    return csv_text(rows, lineterminator="\n")


def _number(value: float | None) -> object:
    if value is None:
        return ""
    return int(value) if float(value).is_integer() else value


def read_players(path: Path) -> dict[int, str]:
    return parse_players(path.read_text(encoding="utf-8-sig"))
