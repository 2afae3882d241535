"""PBN results: reading a ScoreTable into a traveller, writing a scored session back.

endplay's reader splits table rows on every space, so quoted names break its rows; the row
splitter here keeps a quoted value whole.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from basestation.formats.pbn_games import (
    Deals,
    PbnEvent,
    game_tags,
    pbn_file,
    quoted,
    tag,
)
from basestation.formats.roster import Roster, names, nationals
from basestation.scoring.scored import ScoredResult, ScoredSession
from basestation.scoring.traveller import ScoringError

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def split_row(line: str) -> list[str]:
    """Splits a table row on spaces, keeping "quoted values" (with \\" escapes) whole."""
    tokens: list[str] = []
    index = 0
    while index < len(line):
        char = line[index]
        if char.isspace():
            index += 1
        elif char == '"':
            value = []
            index += 1
            while index < len(line) and line[index] != '"':
                if line[index] == "\\" and index + 1 < len(line):
                    index += 1
                value.append(line[index])
                index += 1
            if index >= len(line):
                raise ValueError(f"unclosed quote in table row: {line!r}")
            tokens.append("".join(value))
            index += 1
        else:
            end = index
            while end < len(line) and not line[end].isspace():
                end += 1
            tokens.append(line[index:end])
            index = end
    return tokens


def _columns(spec: str) -> list[str]:
    """Column names of a table tag: "PairId_NS\\2R;Contract\\4L" gives PairId_NS, Contract."""
    return [column.split("\\")[0].strip() for column in spec.split(";") if column.strip()]


def read_pbn_traveller(text: str) -> dict[str, Any]:
    """Traveller JSON (as a dict) from a PBN file's Board tags and ScoreTables."""
    boards: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    columns: list[str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("%", ";")):
            if not line:
                columns = None
            continue
        tag = _TAG.match(line)
        if tag:
            name, value = tag.groups()
            columns = None
            if name == "Board":
                current = {"board": _int(value, number, "board number"), "results": []}
                boards.append(current)
            elif current is not None and name == "Vulnerable":
                current["vulnerable"] = {"Love": "None", "-": "None", "Both": "All"}.get(
                    value, value)
            elif current is not None and name == "Dealer" and value:
                current["dealer"] = value
            elif name == "ScoreTable":
                if current is None:
                    raise ScoringError(f"line {number}: a ScoreTable before any Board tag")
                columns = _columns(value)
            continue
        if columns is None or current is None:
            continue
        try:
            cells = split_row(line)
        except ValueError as error:
            raise ScoringError(f"board {current['board']}, line {number}: {error}") from None
        if len(cells) != len(columns):
            raise ScoringError(
                f"board {current['board']}, line {number}: {len(cells)} values for "
                f"{len(columns)} columns")
        row = dict(zip(columns, cells, strict=True))
        current["results"].append(_result(row, current["board"], number))
    return {"scoring": "matchpoints", "boards": boards}


def _result(row: dict[str, str], board: int, line: int) -> dict[str, Any]:
    where = f"board {board}, line {line}"
    result: dict[str, Any] = {
        "ns": _int(row.get("PairId_NS", ""), line, f"{where}: PairId_NS"),
        "ew": _int(row.get("PairId_EW", ""), line, f"{where}: PairId_EW"),
    }
    if row.get("Section"):
        result["section"] = row["Section"]
    contract = row.get("Contract", "-")
    if contract and contract != "-":
        result["contract"] = contract
        if contract.upper() not in ("PASS", "P"):
            result["declarer"] = row.get("Declarer", "")
            result["tricks"] = _int(row.get("Result", ""), line, f"{where}: Result")
        if row.get("Lead", "-") not in ("-", ""):
            result["lead"] = row["Lead"]
    elif row.get("Score_NS", "-") not in ("-", ""):
        result["score_ns"] = _int(row["Score_NS"], line, f"{where}: Score_NS")
    elif row.get("Score_EW", "-") not in ("-", ""):
        result["score_ns"] = -_int(row["Score_EW"], line, f"{where}: Score_EW")
    return result


def _int(text: str, line: int, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ScoringError(f"line {line}: {what} must be a whole number, not {text!r}") from None


def pbn_names(roster: Roster, section: str, number: int | None,
              direction: str | None = None) -> str:
    """PBN's <names>: the players' names separated by ';' ("" when nobody was seated)."""
    return quoted(names(roster.of(section, number, direction), ";"))


def pbn_nationals(roster: Roster, section: str, number: int | None,
                  direction: str | None = None) -> str:
    """The players' national numbers in the order of their names, separated by ';'."""
    return quoted(nationals(roster.of(section, number, direction), ";"))


def write_pbn_scores(session: ScoredSession, roster: Roster | None = None, *,
                     event: str = "", held_on: date | None = None,
                     deals: Deals | None = None) -> str:
    """A PBN 2.1 file in export format (formats/pbn_games.py): a game per board and section
    with its deal from `deals` and a ScoreTable with MP_NS, MP_EW, Percentage_NS,
    Percentage_EW, IMP_NS and the pairs' names; the last game also holds a TotalScoreTable
    with the ranking, the pairs' names and their national numbers (a column of our own, as
    PBN allows). Columns are only ever added at the end: programs read these files by
    position too. With no board scored, the ranking is a game of its own without a board
    (import format)."""
    roster = roster or Roster()
    facts = PbnEvent(event, held_on, "IMP" if session.scale == "imps" else "MP", deals or {})
    games: list[list[str]] = []
    for board in session.boards:
        game = game_tags(facts, board.section, board.board,
                         {"Section": board.section} if board.section else {})
        game.append('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
                    'Result\\2R;Score_NS\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;'
                    'Percentage_EW\\6R;IMP_NS\\6R;Names_NS;Names_EW"]')
        game += [_score_row(roster, board.section, line) for line in board.results]
        games.append(game)
    if not games:
        games.append([tag("Event", event)])
    games[-1] += _ranking(session, roster)
    return pbn_file(games, export=bool(session.boards))


def _score_row(roster: Roster, section: str, line: ScoredResult) -> str:
    result = line.result
    contract = str(result.contract) if result.contract is not None else "-"
    if contract == "PASS":
        contract = "Pass"
    return " ".join([
        str(result.ns), str(result.ew), contract,
        result.declarer.value if result.declarer else "-",
        "-" if result.tricks is None else str(result.tricks),
        "-" if line.score_ns is None else str(line.score_ns),
        *(number_cell(v) for v in (line.mp_ns, line.mp_ew, line.pct_ns, line.pct_ew,
                                   line.imp_ns)),
        pbn_names(roster, section, result.ns, "NS"),
        pbn_names(roster, section, result.ew, "EW"),
    ])


def _ranking(session: ScoredSession, roster: Roster) -> list[str]:
    rows = ['[TotalScoreTable "Rank\\3R;PairId\\3R;Section\\1R;Direction\\2R;'
            'TotalScore\\7R;TotalPercentage\\6R;NrOfBoards\\2R;Names;NationalIds"]']
    for entry in session.ranking:
        rows.append(" ".join([
            entry.rank_label, str(entry.pair), quoted(entry.section),
            entry.direction or "-", number_cell(entry.total), number_cell(entry.pct),
            str(entry.boards),
            pbn_names(roster, entry.section, entry.pair, entry.direction),
            pbn_nationals(roster, entry.section, entry.pair, entry.direction),
        ]))
    return rows


def number_cell(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if float(value).is_integer() else f"{value:.2f}".rstrip("0")
