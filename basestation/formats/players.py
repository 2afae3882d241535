"""The club's player list in CSV: one row per player, number, name and, optionally, the
player's national number (NZB)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import NamedTuple

from basestation.domain.csv_cells import csv_text, unquoted


class PlayerListError(ValueError):
    """A row of the player list is not a number and a name."""


class Listed(NamedTuple):
    name: str
    national: str | None = None


def parse_players(text: str) -> dict[int, str]:
    """Player number -> name. A header row (first cell not a number) is skipped."""
    return {number: listed.name for number, listed in parse_player_list(text).items()}


def parse_player_list(text: str) -> dict[int, Listed]:
    """Player number -> name and national number; the whole file or a PlayerListError
    naming the first bad line."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise PlayerListError(f"not a readable CSV file: {exc}") from exc
    players: dict[int, Listed] = {}
    for line_no, row in enumerate(rows, start=1):
        if not row or not any(cell.strip() for cell in row):
            continue
        first = row[0].strip()
        # isdecimal, not isdigit: "²" is a digit that int() cannot read.
        if line_no == 1 and not first.isdecimal():
            continue
        if not first.isdecimal() or len(row) < 2 or not row[1].strip():
            raise PlayerListError(f"line {line_no}: expected number,name, got {row!r}")
        number = int(first)
        if number in players:
            raise PlayerListError(f"line {line_no}: player {number} appears twice")
        # unquoted: the quote players_csv put before a formula-like name comes off again.
        national = unquoted(row[2].strip()) if len(row) > 2 and row[2].strip() else None
        players[number] = Listed(unquoted(row[1].strip()), national)
    return players


def players_csv(players: dict[int, str], national: dict[int, str]) -> str:
    """The list as this module reads it back: a header, then number, name, national number."""
    rows: list[list[object]] = [["number", "name", "national"]]
    rows += [[number, name, national.get(number, "")] for number, name in sorted(players.items())]
    return csv_text(rows, lineterminator="\n")


def read_players(path: Path) -> dict[int, str]:
    return parse_players(path.read_text(encoding="utf-8-sig"))
