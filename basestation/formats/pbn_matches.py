"""PBN for a teams or Swiss event: one game per board of each match, with the entries of both
tables (one, in Swiss pairs) in its ScoreTable, then each section's standings as a
TotalScoreTable (VPs as TotalScore, net IMPs as TotalIMP) in a game of its own."""

from __future__ import annotations

from basestation.formats.match_event import MatchEvent, MatchPlayed, Placing
from basestation.formats.pbn_scores import number_cell, pbn_names, pbn_nationals, quoted
from basestation.formats.roster import Roster

SCORE_TABLE = ('[ScoreTable "Table\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;'
               'Result\\2R;Lead\\3L;Score_NS\\6R;IMP_NS\\3R;IMP_EW\\3R;Names_NS;Names_EW"]')
# SwissPoints and NationalIds are columns of our own (PBN 2.1, 5.2: "it is allowed to add
# columns with user defined column names").
TOTAL_SCORE_TABLE = ('[TotalScoreTable "Rank\\3R;PairId\\3R;Section\\1R;TotalScore\\6R;'
                     'TotalIMP\\5R;SwissPoints\\5R;NrBoards\\3R;Names;NationalIds"]')


def write_pbn_matches(event: MatchEvent, roster: Roster | None = None) -> str:
    roster = roster or Roster()
    out = ["% PBN 2.1", "% EXPORT"]
    for match in event.matches:
        for board in match.boards:
            if not board.lines:  # not played yet: no game to show
                continue
            out += _game_tags(event, match, board.board)
            out.append(SCORE_TABLE)
            for line in board.lines:
                imps = board.imps_ns(line, match.team_a)
                out.append(" ".join([
                    str(line.table), str(line.ns), str(line.ew),
                    _contract(line.contract), line.declarer or "-",
                    "-" if line.tricks is None else str(line.tricks), line.lead or "-",
                    "-" if line.score_ns is None else str(line.score_ns),
                    number_cell(imps), number_cell(None if imps is None else -imps),
                    pbn_names(roster, match.section, line.ns, "NS"),
                    pbn_names(roster, match.section, line.ew, "EW"),
                ]))
            out.append("")
    for section in event.sections:  # each section's standings, a game of their own
        out += [f"[Event {quoted(event.name)}]", f"[Section {quoted(section)}]",
                _competition(event), TOTAL_SCORE_TABLE]
        out += [_standing(roster, row) for row in event.standings if row.section == section]
        out.append("")
    return "\n".join(out)


def _game_tags(event: MatchEvent, match: MatchPlayed, board: int) -> list[str]:
    tags = [f"[Event {quoted(event.name)}]"]
    if match.section:
        tags.append(f"[Section {quoted(match.section)}]")
    tags += [f'[Round "{match.round}"]', f'[Board "{board}"]']
    if not event.of_pairs:
        tags += [f'[HomeTeam "Team {match.team_a}"]', f'[VisitTeam "Team {match.team_b}"]']
    tags.append(_competition(event))
    return tags


def _competition(event: MatchEvent) -> str:
    return f'[Competition "{"Pairs" if event.of_pairs else "Teams"}"]'


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
