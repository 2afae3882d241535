"""The results as CSV: traveller lines, rankings (standings, in a teams or Swiss event) and
the matches of a teams or Swiss event.

One header for every event format, so a program reading these files reads them all alike;
columns are only ever added at the end. Names are joined with " & ", and a pair's or team's
national numbers follow its names' order ("" for a player without one). A cell a spreadsheet
would take for a formula is quoted (domain/csv_cells.py)."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from basestation.domain.csv_cells import csv_text
from basestation.formats.match_event import MatchEvent
from basestation.formats.roster import Player, Roster, names, nationals
from basestation.scoring.scored import ScoredSession
from basestation.scoring.traveller import TravellerResult

TRAVELLER_COLUMNS = ["section", "board", "ns", "ew", "contract", "declarer", "tricks", "lead",
                     "adjusted", "score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew",
                     "ns_names", "ew_names", "round", "table", "imp_ns"]
RANKING_COLUMNS = ["section", "direction", "rank", "pair", "total", "pct", "boards",
                   "names", "national_numbers", "vps", "swiss_points", "imps",
                   "handicap", "handicapped_pct", "raw_rank"]
MATCH_COLUMNS = ["section", "round", "tables", "team_a", "names_a", "team_b", "names_b",
                 "boards", "compared", "imps_a", "imps_b", "vp_a", "vp_b", "finished"]
SEPARATOR = " & "


def _csv(header: list[str], rows: Iterable[list[object]]) -> str:
    return csv_text([header, *rows])


def _names(players: tuple[Player, ...]) -> str:
    return names(players, SEPARATOR)


def _blank(value: object) -> object:
    return "" if value is None else value


def _vps(value: Decimal | None) -> str:
    return "" if value is None else f"{value.normalize():f}"


def travellers_csv(session: ScoredSession, roster: Roster | None = None) -> str:
    """Every traveller line with its matchpoints, one row per board per table."""
    roster = roster or Roster()
    rows = []
    for board in session.boards:
        for line in board.results:
            result = line.result
            rows.append([board.section, board.board, result.ns, result.ew,
                         result.contract or "", result.declarer or "", result.tricks,
                         result.lead or "", _award(result), line.score_ns, line.mp_ns,
                         line.mp_ew, line.pct_ns, line.pct_ew,
                         _names(roster.of(board.section, result.ns, "NS")),
                         _names(roster.of(board.section, result.ew, "EW")), "", "",
                         _blank(line.imp_ns)])
    return _csv(TRAVELLER_COLUMNS, rows)


def rankings_csv(session: ScoredSession, roster: Roster | None = None) -> str:
    roster = roster or Roster()
    rows = []
    for entry in session.ranking:
        players = roster.of(entry.section, entry.pair, entry.direction)
        handicap = entry.handicap is not None  # a handicap event: rank is the handicapped
        rows.append([entry.section, entry.direction or "", entry.rank_label, entry.pair,
                     entry.total, entry.pct, entry.boards, _names(players),
                     nationals(players, SEPARATOR), "", "", "",
                     _blank(entry.handicap), _blank(entry.handicapped_pct),
                     entry.raw_place if handicap else ""])
    return _csv(RANKING_COLUMNS, rows)


def match_travellers_csv(event: MatchEvent, roster: Roster | None = None) -> str:
    """Every table's entry on every board of every match, with the IMPs its NS side won
    (no matchpoints: those columns stay empty)."""
    roster = roster or Roster()
    rows: list[list[object]] = []
    for match in event.matches:
        for board in match.boards:
            for line in board.lines:
                rows.append([match.section, board.board, line.ns, line.ew, line.contract or "",
                             line.declarer or "", _blank(line.tricks), line.lead or "",
                             line.adjusted or "", _blank(line.score_ns), "", "", "", "",
                             _names(roster.of(match.section, line.ns, "NS")),
                             _names(roster.of(match.section, line.ew, "EW")), line.round,
                             line.table, _blank(board.imps_ns(line, match.team_a))])
    return _csv(TRAVELLER_COLUMNS, rows)


def standings_csv(event: MatchEvent, roster: Roster | None = None) -> str:
    """Each section's standings in the rankings' columns: total is the VPs."""
    roster = roster or Roster()
    rows = []
    for row in event.standings:
        players = roster.of(row.section, row.entrant)
        rows.append([row.section, "", row.rank, row.entrant, _vps(row.vps), "", row.boards,
                     _names(players), nationals(players, SEPARATOR), _vps(row.vps),
                     _vps(row.swiss_points), row.imps, "", "", ""])
    return _csv(RANKING_COLUMNS, rows)


def matches_csv(event: MatchEvent | None, roster: Roster | None = None) -> str:
    """Every match: round, both sides with their names, IMPs and VPs. A pairs event (None)
    has none: the header alone."""
    roster = roster or Roster()
    rows = []
    for match in event.matches if event is not None else ():
        rows.append([match.section, match.round, " ".join(str(t) for t in match.tables),
                     match.team_a, _names(roster.of(match.section, match.team_a)),
                     match.team_b, _names(roster.of(match.section, match.team_b)),
                     match.scheduled, match.compared, match.imps_a, match.imps_b,
                     _vps(match.vp_a), _vps(match.vp_b),
                     "yes" if match.compared == match.scheduled else "no"])
    return _csv(MATCH_COLUMNS, rows)


def _award(result: TravellerResult) -> str:
    if result.artificial is None:
        return ""
    return f"{result.artificial.ns}/{result.artificial.ew}"
