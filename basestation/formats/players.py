"""The club's player list from CSV: one row per player, number then name."""

from __future__ import annotations

import csv
import io
from pathlib import Path


class PlayerListError(ValueError):
    """A row of the player list is not a number and a name."""


def parse_players(text: str) -> dict[int, str]:
    """Player number -> name. A header row (first cell not a number) is skipped."""
    try:
        rows = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise PlayerListError(f"not a readable CSV file: {exc}") from exc
    players: dict[int, str] = {}
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
        players[number] = row[1].strip()
    return players


def read_players(path: Path) -> dict[int, str]:
    return parse_players(path.read_text(encoding="utf-8-sig"))
