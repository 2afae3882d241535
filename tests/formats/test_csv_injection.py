"""Every CSV writer neutralises a cell a spreadsheet would run as a formula (OWASP's CSV
injection advice: `=`, `+`, `-`, `@`, tab or carriage return first gets a single quote in
front), and keeps numbers, negative scores included, readable as numbers."""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import pytest

from basestation.domain.csv_cells import TRIGGERS, csv_text, safe_cell, unquoted
from basestation.formats.ladder_csv import ladder_csv
from basestation.formats.players import parse_player_list, players_csv
from basestation.formats.results_csv import (
    match_travellers_csv,
    matches_csv,
    rankings_csv,
    standings_csv,
    travellers_csv,
)
from basestation.formats.roster import Player, Roster
from basestation.movements import generate, movement_to_csv
from tests.formats.test_exports import pairs_session, teams_event

EVIL = '=HYPERLINK("//e.vil/x")'
NAMES = [EVIL, "+1 555 cmd", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "\tTabby",
         "\rCarrie"]


def assert_safe(text: str) -> list[list[str]]:
    """Every cell of the file: none starts with a trigger unless it is a plain number."""
    rows = list(csv.reader(io.StringIO(text)))
    for row in rows:
        for cell in row:
            if cell.startswith(TRIGGERS):
                float(cell)  # a number, such as a score of -50, is the only exception
    return rows


@pytest.mark.parametrize("name", NAMES)
def test_a_cell_starting_a_formula_gets_a_quote(name: str) -> None:
    assert safe_cell(name) == "'" + name
    assert unquoted(str(safe_cell(name))) == name


@pytest.mark.parametrize("number", [-100, -0.5, Decimal("-3.25"), "-100", "+3", "-0.5",
                                    "-.5", 420, "420", "NZB 4411", "Ann Smith", ""])
def test_numbers_and_plain_text_are_left_as_they_are(number: object) -> None:
    assert safe_cell(number) == number


def test_csv_text_quotes_only_the_formulas() -> None:
    rows = assert_safe(csv_text([["name", "score"], [EVIL, -100], ["-", "-50"]]))
    assert rows == [["name", "score"], ["'" + EVIL, "-100"], ["'-", "-50"]]


def _roster() -> Roster:
    pair = (Player(EVIL, "@1"), Player("-2+3+cmd", "+64 21"))
    return Roster({("", 1, "NS"): pair, ("", 1, "EW"): pair, ("A", 1, None): pair,
                   ("A", 1, "NS"): pair, ("A", 2, None): pair})


def test_the_results_csvs_neutralise_names_and_keep_negative_scores() -> None:
    roster = _roster()
    travellers = assert_safe(travellers_csv(pairs_session(), roster))
    assert travellers[1][14] == f"'{EVIL} & -2+3+cmd"  # the joined cell, quoted once
    assert [row[9] for row in travellers[1:]] == ["420", "-50"]  # score_ns, still numbers
    rankings = assert_safe(rankings_csv(pairs_session(), roster))
    assert rankings[1][7:9] == [f"'{EVIL} & -2+3+cmd", "'@1 & +64 21"]
    teams = teams_event()
    matches = assert_safe(match_travellers_csv(teams, roster))
    assert "-50" in matches[2] and matches[1][14].startswith("'=")
    standings = assert_safe(standings_csv(teams, roster))
    assert standings[1][7].startswith("'=") and standings[2][11] == "-10"
    sheet = assert_safe(matches_csv(teams, roster))
    assert sheet[1][4].startswith("'=")


def test_the_ladder_csv_neutralises_names() -> None:
    ladder = {"events": [{"id": 1, "date": "2026-03-03", "name": "=Tuesday"}],
              "rows": [{"rank_label": "1", "names": EVIL, "average": 55.5,
                        "players": [{"number": 9000001, "national": "+44 77"}],
                        "played": [{"event": 1, "pct": 55.5, "counted": True}]}],
              "not_qualified": [{"names": "@bad", "why": "-", "players": [], "played": []}]}
    rows = assert_safe(ladder_csv(ladder))
    assert rows[0][-1] == "2026-03-03 =Tuesday"  # inside the cell, not at its start: safe
    assert rows[1][1:4] == ["'" + EVIL, "9000001", "'+44 77"]
    assert (rows[2][1], rows[2][6]) == ("'@bad", "'-")


def test_the_club_list_csv_neutralises_and_reads_back_the_same() -> None:
    players = {9_000_001: EVIL, 12: "Ann Smith", 13: "-Dash"}
    text = players_csv(players, {12: "NZB 4411", 13: "+64 21"})
    rows = assert_safe(text)
    assert rows[1:] == [["12", "Ann Smith", "NZB 4411", ""], ["13", "'-Dash", "'+64 21", ""],
                        ["9000001", "'" + EVIL, "", ""]]
    again = parse_player_list(text)
    assert {n: (p.name, p.national) for n, p in again.items()} == {
        12: ("Ann Smith", "NZB 4411"), 13: ("-Dash", "+64 21"), 9_000_001: (EVIL, None)}


def test_the_movement_csv_neutralises_its_section_cell() -> None:
    rows = assert_safe(movement_to_csv(generate("mitchell", tables=3, boards=6), section="=A"))
    assert {row[0] for row in rows[1:]} == {"'=A"}
