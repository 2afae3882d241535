"""The exports with names and national numbers: PBN, USEBIO and CSV of a pairs session and of
a teams or Swiss event, each read back and checked element by element."""

from __future__ import annotations

import csv
import io
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from basestation.formats.match_event import (
    BoardPlayed,
    MatchEvent,
    MatchPlayed,
    Placing,
    TableLine,
)
from basestation.formats.pbn_matches import write_pbn_matches
from basestation.formats.pbn_scores import read_pbn_traveller, split_row, write_pbn_scores
from basestation.formats.results_csv import (
    MATCH_COLUMNS,
    RANKING_COLUMNS,
    TRAVELLER_COLUMNS,
    match_travellers_csv,
    matches_csv,
    rankings_csv,
    standings_csv,
    travellers_csv,
)
from basestation.formats.roster import Player, Roster
from basestation.formats.usebio import write_usebio, write_usebio_matches
from basestation.scoring import parse_traveller_json, regulations, score_session
from basestation.scoring.scored import ScoredSession

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')

ANN, BOB = Player("Ann Smith", "NZB 4411"), Player('Bob "Jr" O\\Neil')
CY, DI = Player("Cy Young", "77"), Player("Di Dee", "78")


def pbn_games(text: str) -> list[dict[str, object]]:
    """Each game's tags, and each of its tables as a list of {column: value} rows."""
    games: list[dict[str, object]] = []
    game: dict[str, object] = {}
    table: list[dict[str, str]] | None = None
    columns: list[str] = []
    for line in text.splitlines():
        if line.startswith("%"):
            continue
        if not line.strip():
            if game:
                games.append(game)
            game, table = {}, None
            continue
        tag = TAG.match(line)
        if tag:
            name, value = tag.groups()
            if name.endswith("Table"):
                columns = [c.split("\\")[0] for c in value.split(";")]
                table = []
                game[name] = table
            else:
                assert name not in game, f"{name} twice in a game"
                game[name] = value
                table = None
            continue
        assert table is not None, f"a row outside a table: {line!r}"
        cells = split_row(line)
        assert len(cells) == len(columns), line
        table.append(dict(zip(columns, cells, strict=True)))
    if game:
        games.append(game)
    return games


def pairs_session() -> ScoredSession:
    traveller = {"scoring": "matchpoints", "boards": [{"board": 1, "results": [
        {"ns": 1, "ew": 1, "contract": "4S", "declarer": "S", "tricks": 10},
        {"ns": 2, "ew": 2, "contract": "4S", "declarer": "S", "tricks": 9}]}]}
    return score_session(parse_traveller_json(traveller), regulations("nz"))


def pairs_roster() -> Roster:
    return Roster({("", 1, "NS"): (ANN, BOB), ("", 1, "EW"): (CY, DI)})


def test_pairs_pbn_names_each_pair_and_reads_back() -> None:
    text = write_pbn_scores(pairs_session(), pairs_roster())
    again = parse_traveller_json(read_pbn_traveller(text))
    assert [r.score_ns for r in again.boards[0].results] == [420, -50]
    (board,) = pbn_games(text)  # the ranking is in the last board's game
    ranking = board
    rows = board["ScoreTable"]
    assert isinstance(rows, list)
    assert [(r["PairId_NS"], r["Names_NS"], r["Names_EW"]) for r in rows] == [
        ("1", 'Ann Smith;Bob "Jr" O\\Neil', "Cy Young;Di Dee"), ("2", "", "")]
    assert list(rows[0])[:11] == ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
                                  "Score_NS", "MP_NS", "MP_EW", "Percentage_NS",
                                  "Percentage_EW", "IMP_NS"]  # the columns kept, in order
    totals = ranking["TotalScoreTable"]
    assert isinstance(totals, list)
    assert list(totals[0]) == ["Rank", "PairId", "Section", "Direction", "TotalScore",
                               "TotalPercentage", "NrOfBoards", "Names", "NationalIds"]
    by_pair = {(r["PairId"], r["Direction"]): (r["Names"], r["NationalIds"]) for r in totals}
    assert by_pair[("1", "NS")] == ('Ann Smith;Bob "Jr" O\\Neil', "NZB 4411;")
    assert by_pair[("1", "EW")] == ("Cy Young;Di Dee", "77;78")
    assert by_pair[("2", "NS")] == ("", "")


def test_pairs_usebio_has_players_with_names_and_national_numbers() -> None:
    root = ET.fromstring(write_usebio(pairs_session(), "Tuesday", pairs_roster()))
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "PAIRS"
    assert [c.tag for c in event] == ["EVENT_DESCRIPTION", "SCORING_METHOD",
                                      "BOARD_SCORING_METHOD", "PARTICIPANTS", "BOARD"]
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    pairs = {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")): p
             for p in event.iterfind("PARTICIPANTS/PAIR")}
    first = pairs[("1", "NS")]
    assert [c.tag for c in first] == ["PAIR_NUMBER", "DIRECTION", "PLAYER", "PLAYER", "PLACE",
                                      "TOTAL_SCORE", "PERCENTAGE", "BOARDS_PLAYED"]
    players = [[(c.tag, c.text) for c in player] for player in first.iterfind("PLAYER")]
    assert players == [[("PLAYER_NAME", "Ann Smith"), ("NATIONAL_ID_NUMBER", "NZB 4411")],
                       [("PLAYER_NAME", 'Bob "Jr" O\\Neil')]]
    assert pairs[("2", "NS")].find("PLAYER") is None  # nobody seated: no PLAYER, still valid
    lines = event.findall("BOARD/TRAVELLER_LINE")
    assert [line.findtext("NS_MATCH_POINTS") for line in lines] == ["2.0", "0.0"]


def test_pairs_csv_adds_names_at_the_end() -> None:
    session, roster = pairs_session(), pairs_roster()
    rows = list(csv.reader(io.StringIO(travellers_csv(session, roster))))
    assert rows[0] == TRAVELLER_COLUMNS and rows[0][:14] == [
        "section", "board", "ns", "ew", "contract", "declarer", "tricks", "lead", "adjusted",
        "score_ns", "mp_ns", "mp_ew", "pct_ns", "pct_ew"]
    assert rows[1][14:] == ['Ann Smith & Bob "Jr" O\\Neil', "Cy Young & Di Dee", "", "", ""]
    assert rows[2][14:16] == ["", ""]
    ranking = list(csv.DictReader(io.StringIO(rankings_csv(session, roster))))
    assert list(ranking[0]) == RANKING_COLUMNS and RANKING_COLUMNS[:7] == [
        "section", "direction", "rank", "pair", "total", "pct", "boards"]
    named = {(r["pair"], r["direction"]): (r["names"], r["national_numbers"]) for r in ranking}
    assert named[("1", "NS")] == ('Ann Smith & Bob "Jr" O\\Neil', "NZB 4411 & ")
    assert named[("1", "EW")] == ("Cy Young & Di Dee", "77 & 78")
    assert named[("2", "EW")] == ("", "")


def teams_event(kind: str = "teams") -> MatchEvent:
    """Team 1 v team 2 on boards 1-2 at tables 1 and 2; board 2 is in at table 1 only."""
    boards = (
        BoardPlayed(1, (TableLine(1, 1, 1, 2, "4S", "S", 10, "HK", 420),
                        TableLine(2, 1, 2, 1, "4S", "S", 9, None, -50)), imps_a=10),
        BoardPlayed(2, (TableLine(1, 1, 1, 2, "PASS", None, None, None, 0),)),
    )
    match = MatchPlayed("A", 1, 1, 2, (1, 2), 2, 1, 10, 0, Decimal("15.62"), Decimal("4.38"),
                        boards)
    standings = (Placing("A", 1, 1, Decimal("15.62"), Decimal("1"), 10, 1),
                 Placing("A", 2, 2, Decimal("4.38"), Decimal("0"), -10, 1))
    return MatchEvent("Club teams", kind, (match,), standings)


def teams_roster() -> Roster:
    return Roster({("A", 1, None): (ANN, BOB, CY, DI), ("A", 1, "NS"): (ANN, BOB),
                   ("A", 1, "EW"): (CY, DI)})


def test_teams_pbn_has_both_tables_and_the_standings() -> None:
    games = pbn_games(write_pbn_matches(teams_event(), teams_roster()))
    first, second = games
    standings = second  # the section's standings are in its last game
    assert {k: v for k, v in first.items() if k != "ScoreTable"} == {
        "Event": "Club teams", "Site": "?", "Date": "????.??.??", "Board": "1", "West": "",
        "North": "", "East": "", "South": "", "Dealer": "N", "Vulnerable": "None",
        "Deal": "", "Scoring": "IMP", "Declarer": "?", "Contract": "?", "Result": "?",
        "Competition": "Teams", "HomeTeam": "Team 1", "Round": "1", "Section": "A",
        "VisitTeam": "Team 2"}
    assert first["ScoreTable"] == [
        {"Table": "1", "PairId_NS": "1", "PairId_EW": "2", "Contract": "4S", "Declarer": "S",
         "Result": "10", "Lead": "HK", "Score_NS": "420", "IMP_NS": "10", "IMP_EW": "-10",
         "Names_NS": 'Ann Smith;Bob "Jr" O\\Neil', "Names_EW": ""},
        {"Table": "2", "PairId_NS": "2", "PairId_EW": "1", "Contract": "4S", "Declarer": "S",
         "Result": "9", "Lead": "-", "Score_NS": "-50", "IMP_NS": "-10", "IMP_EW": "10",
         "Names_NS": "", "Names_EW": "Cy Young;Di Dee"}]
    assert second["Board"] == "2"
    assert second["ScoreTable"] == [
        {"Table": "1", "PairId_NS": "1", "PairId_EW": "2", "Contract": "Pass", "Declarer": "-",
         "Result": "-", "Lead": "-", "Score_NS": "0", "IMP_NS": "-", "IMP_EW": "-",
         "Names_NS": 'Ann Smith;Bob "Jr" O\\Neil', "Names_EW": ""}]
    assert standings["TotalScoreTable"] == [
        {"Rank": "1", "PairId": "1", "Section": "A", "TotalScore": "15.62", "TotalIMP": "10",
         "SwissPoints": "1", "NrBoards": "1",
         "Names": 'Ann Smith;Bob "Jr" O\\Neil;Cy Young;Di Dee',
         "NationalIds": "NZB 4411;;77;78"},
        {"Rank": "2", "PairId": "2", "Section": "A", "TotalScore": "4.38", "TotalIMP": "-10",
         "SwissPoints": "0", "NrBoards": "1", "Names": "", "NationalIds": ""}]
    # The project's own reader takes the boards back (both tables' scores).
    again = read_pbn_traveller(write_pbn_matches(teams_event(), teams_roster()))
    assert [[r["ns"] for r in b["results"]] for b in again["boards"]] == [[1, 2], [1]]


def test_swiss_pairs_pbn_names_no_teams() -> None:
    games = pbn_games(write_pbn_matches(teams_event("swiss-pairs")))
    assert games[0]["Competition"] == "Pairs" and "HomeTeam" not in games[0]


def test_a_match_event_not_begun_still_has_its_standings() -> None:
    empty = MatchEvent("Club teams", "teams", (), teams_event().standings)
    games = pbn_games(write_pbn_matches(empty))
    assert len(games) == 1 and games[0]["Competition"] == "Teams"
    totals = games[0]["TotalScoreTable"]
    assert isinstance(totals, list) and [r["Names"] for r in totals] == ["", ""]


def test_teams_usebio_has_teams_players_and_matches() -> None:
    root = ET.fromstring(write_usebio_matches(teams_event(), teams_roster()))
    assert root.tag == "USEBIO" and root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "TEAMS"
    assert [c.tag for c in event] == ["EVENT_DESCRIPTION", "BOARD_SCORING_METHOD",
                                      "MATCH_SCORING_METHOD", "PARTICIPANTS", "MATCH"]
    assert (event.findtext("BOARD_SCORING_METHOD"),
            event.findtext("MATCH_SCORING_METHOD")) == ("IMPS", "VPS")
    one, two = event.findall("PARTICIPANTS/TEAM")
    assert (one.get("TEAM_ID"), one.get("TEAM_NAME")) == ("1", "Team 1")
    assert [c.tag for c in one] == ["PLAYER"] * 4 + ["PLACE", "TOTAL_SCORE", "BOARDS_PLAYED"]
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"))
            for p in one.iterfind("PLAYER")] == [
        ("Ann Smith", "NZB 4411"), ('Bob "Jr" O\\Neil', None), ("Cy Young", "77"),
        ("Di Dee", "78")]
    assert (one.findtext("PLACE"), one.findtext("TOTAL_SCORE")) == ("1", "15.62")
    assert [c.tag for c in two] == ["PLACE", "TOTAL_SCORE", "BOARDS_PLAYED"]
    match = event.find("MATCH")
    assert match is not None
    assert [(c.tag, c.text) for c in match if c.tag != "BOARD"] == [
        ("ROUND_NUMBER", "1"), ("TEAM", "1"), ("OPPOSING_TEAM", "2"), ("TEAM_SCORE", "15.62"),
        ("OPPOSING_TEAM_SCORE", "4.38")]
    board_one, board_two = match.findall("BOARD")
    assert [(c.tag, c.text) for c in board_one if c.tag != "TRAVELLER_LINE"] == [
        ("BOARD_NUMBER", "1"), ("IMPS", "10")]
    open_room, closed_room = board_one.findall("TRAVELLER_LINE")
    assert [(c.tag, c.text) for c in open_room] == [
        ("DIRECTION", "NS"), ("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "2"),
        ("CONTRACT", "4S"), ("PLAYED_BY", "S"), ("TRICKS", "10"), ("LEAD", "HK"),
        ("SCORE", "420")]
    assert [(c.tag, c.text) for c in closed_room][:3] == [
        ("DIRECTION", "EW"), ("NS_PAIR_NUMBER", "2"), ("EW_PAIR_NUMBER", "1")]
    assert board_two.find("IMPS") is None  # not compared yet


def test_swiss_pairs_usebio_has_pairs_and_ns_ew_matches() -> None:
    root = ET.fromstring(write_usebio_matches(teams_event("swiss-pairs")))
    event = root.find("EVENT")
    assert event is not None and event.get("EVENT_TYPE") == "SWISS_PAIRS"
    assert [p.findtext("PAIR_NUMBER") for p in event.iterfind("PARTICIPANTS/PAIR")] == ["1", "2"]
    match = event.find("MATCH")
    assert match is not None
    assert [c.tag for c in match if c.tag != "BOARD"] == [
        "ROUND_NUMBER", "NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "NS_SCORE", "EW_SCORE"]
    assert event.find("MATCH/BOARD/TRAVELLER_LINE/DIRECTION") is None


def test_swiss_teams_usebio_type_and_several_sections_keep_numbers_apart() -> None:
    event = teams_event("swiss-teams")
    other = Placing("B", 1, 1, Decimal(10), Decimal("0.5"), 0)
    both = MatchEvent(event.name, event.kind, event.matches, (*event.standings, other))
    root = ET.fromstring(write_usebio_matches(both))
    assert root.find("EVENT").get("EVENT_TYPE") == "SWISS_TEAMS"  # type: ignore[union-attr]
    assert [t.get("TEAM_ID") for t in root.iterfind("EVENT/PARTICIPANTS/TEAM")] == [
        "A1", "A2", "B1"]
    assert root.findtext("EVENT/MATCH/TEAM") == "A1"


def test_teams_csv_travellers_standings_and_matches() -> None:
    event, roster = teams_event(), teams_roster()
    lines = list(csv.DictReader(io.StringIO(match_travellers_csv(event, roster))))
    assert list(lines[0]) == TRAVELLER_COLUMNS
    assert [(r["board"], r["table"], r["round"], r["ns"], r["score_ns"], r["imp_ns"],
             r["ns_names"], r["ew_names"], r["mp_ns"]) for r in lines] == [
        ("1", "1", "1", "1", "420", "10", 'Ann Smith & Bob "Jr" O\\Neil', "", ""),
        ("1", "2", "1", "2", "-50", "-10", "", "Cy Young & Di Dee", ""),
        ("2", "1", "1", "1", "0", "", 'Ann Smith & Bob "Jr" O\\Neil', "", "")]
    standings = list(csv.DictReader(io.StringIO(standings_csv(event, roster))))
    assert list(standings[0]) == RANKING_COLUMNS
    assert [(r["rank"], r["pair"], r["total"], r["vps"], r["swiss_points"], r["imps"],
             r["boards"], r["names"], r["national_numbers"]) for r in standings] == [
        ("1", "1", "15.62", "15.62", "1", "10", "1",
         'Ann Smith & Bob "Jr" O\\Neil & Cy Young & Di Dee', "NZB 4411 &  & 77 & 78"),
        ("2", "2", "4.38", "4.38", "0", "-10", "1", "", "")]
    matches = list(csv.DictReader(io.StringIO(matches_csv(event, roster))))
    assert list(matches[0]) == MATCH_COLUMNS
    assert matches == [{
        "section": "A", "round": "1", "tables": "1 2", "team_a": "1",
        "names_a": 'Ann Smith & Bob "Jr" O\\Neil & Cy Young & Di Dee', "team_b": "2",
        "names_b": "", "boards": "2", "compared": "1", "imps_a": "10", "imps_b": "0",
        "vp_a": "15.62", "vp_b": "4.38", "finished": "no"}]
    assert matches_csv(None) == ",".join(MATCH_COLUMNS) + "\r\n"  # a pairs event: no matches
