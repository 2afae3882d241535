"""PBN for a teams or Swiss event: one game per board of each match, with the entries of both
tables (one, in Swiss pairs) in its ScoreTable, and each section's standings as a
TotalScoreTable (VPs as TotalScore, net IMPs as TotalIMP) in the section's last game."""

from __future__ import annotations

from datetime import date

from basestation.formats.match_event import (
    BoardPlayed,
    MatchEvent,
    MatchPlayed,
    Placing,
    TableLine,
)
from basestation.formats.pbn_games import Deals, PbnEvent, game_tags, pbn_file, quoted, tag
from basestation.formats.pbn_scores import number_cell, pbn_names, pbn_nationals
from basestation.formats.roster import Roster

SCORE_TABLE = ('[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
               'Result\\2R;Lead\\3L;Score_NS\\6R;IMP_NS\\3R;IMP_EW\\3R;Names_NS;Names_EW"]')
# SwissPoints and NationalIds are columns of our own (PBN 2.1, 5.2: "it is allowed to add
# columns with user defined column names").
TOTAL_SCORE_TABLE = ('[TotalScoreTable "Rank\\3R;PairId\\3R;Section\\1R;TotalScore\\6R;'
                     'TotalIMP\\5R;SwissPoints\\5R;NrBoards\\3R;Names;NationalIds"]')


def write_pbn_matches(event: MatchEvent, roster: Roster | None = None, *,
                      held_on: date | None = None, deals: Deals | None = None) -> str:
    """A PBN 2.1 file in export format (formats/pbn_games.py), each game with its board's
    deal from `deals`; each section's standings go in its last game. A section with no board
    played yet has its standings in a game without a board (the file is then in import
    format)."""
    roster = roster or Roster()
    facts = PbnEvent(event.name, held_on, "IMP;Butler" if event.of_pairs else "IMP",
                     deals or {})
    games: list[list[str]] = []
    export = True
    for section in dict.fromkeys([*event.sections, *(m.section for m in event.matches)]):
        section_games: list[list[str]] = []
        for match in (m for m in event.matches if m.section == section):
            for board in match.boards:
                if not board.lines:  # not played yet: no game to show
                    continue
                game = game_tags(facts, match.section, board.board,
                                 _supplemental(event, match))
                game.append(SCORE_TABLE)
                game += [_score_row(roster, match, board, line) for line in board.lines]
                section_games.append(game)
        if not section_games:
            export = False
            section_games.append([tag("Event", event.name), tag("Section", section),
                                  _competition(event)])
        section_games[-1].append(TOTAL_SCORE_TABLE)
        section_games[-1] += [_standing(roster, row) for row in event.standings
                              if row.section == section]
        games += section_games
    return pbn_file(games, export=export)


def _score_row(roster: Roster, match: MatchPlayed, board: BoardPlayed, line: TableLine) -> str:
    imps = board.imps_ns(line, match.team_a)
    return " ".join([
        str(line.table), str(line.ns), str(line.ew),
        _contract(line.contract), line.declarer or "-",
        "-" if line.tricks is None else str(line.tricks), line.lead or "-",
        "-" if line.score_ns is None else str(line.score_ns),
        number_cell(imps), number_cell(None if imps is None else -imps),
        pbn_names(roster, match.section, line.ns, "NS"),
        pbn_names(roster, match.section, line.ew, "EW"),
    ])


def _supplemental(event: MatchEvent, match: MatchPlayed) -> dict[str, str]:
    tags = {"Round": str(match.round), "Competition": _kind(event)}
    if match.section:
        tags["Section"] = match.section
    if not event.of_pairs:
        tags |= {"HomeTeam": f"Team {match.team_a}", "VisitTeam": f"Team {match.team_b}"}
    return tags


def _kind(event: MatchEvent) -> str:
    return "Pairs" if event.of_pairs else "Teams"


def _competition(event: MatchEvent) -> str:
    return tag("Competition", _kind(event))


def _standing(roster: Roster, row: Placing) -> str:
    return " ".join([
        str(row.rank), str(row.entrant), quoted(row.section), number_cell(float(row.vps)),
        str(row.imps), number_cell(float(row.swiss_points)), str(row.boards),
        pbn_names(roster, row.section, row.entrant), pbn_nationals(roster, row.section,
                                                                   row.entrant),
    ])


def _contract(contract: str | None) -> str:
    if contract is None:
        return "-"
    return "Pass" if contract.upper() in ("PASS", "P") else contract
