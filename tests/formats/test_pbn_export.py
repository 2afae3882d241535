"""The PBN exports as PBN 2.1 files in export format: each board's Deal, Dealer and Vulnerable
from the hand records, the names kept, read back by a third-party reader (endplay) and
checked against the standard's layout (PBN 2.1, 2.3 and 3)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Deal, Player, Vul

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.formats.pbn_games import MANDATORY
from basestation.formats.pbn_matches import write_pbn_matches
from basestation.formats.pbn_scores import read_pbn_traveller, write_pbn_scores
from basestation.scoring import parse_traveller_json, regulations, score_session
from tests.formats.test_exports import pairs_roster, pbn_games, teams_event, teams_roster

# Board 1 given North first, board 2 given from West: export format puts the dealer first.
BOARD_ONE = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
BOARD_TWO = "W:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
TAG = re.compile(r'^\[([A-Z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$')
VULNERABLE = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}


def assert_export_format(text: str) -> None:
    """PBN 2.1's export format: the version and export lines; CR LF at every line's end, no
    tab, lines of at most 255 characters; games apart by one empty line; in each game the
    Mandatory Tag Set in order, then the other tags by name, then the tables by name; Deal
    from the dealer, each suit's cards in descending order; Vulnerable None, NS, EW or All."""
    assert text.endswith("\r\n") and "\t" not in text
    lines = text[:-2].split("\r\n")
    assert "\n" not in "".join(lines) and "\r" not in "".join(lines)
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    assert all(len(line) + 2 <= 255 for line in lines)
    games: list[list[str]] = [[]]
    for line in lines[2:]:
        if line:
            games[-1].append(line)
        else:
            assert games[-1], "two empty lines in a row"
            games.append([])
    for game in games:
        tags = [(m.group(1), m.group(2)) for m in map(TAG.match, game) if m]
        names = [name for name, _ in tags]
        assert names[:15] == list(MANDATORY), names
        tables = [n for n in names[15:] if n.endswith("Table")]
        others = [n for n in names[15:] if not n.endswith("Table")]
        assert names[15:] == others + tables and others == sorted(others)
        assert tables == sorted(tables) and len(set(names)) == len(names)
        assert not game[0].startswith(" ") and TAG.match(game[0])  # a tag opens the game
        values = dict(tags)
        board = int(values["Board"])
        assert values["Dealer"] == dealer_of(board).value
        assert values["Vulnerable"] == vulnerability_of(board).value
        assert re.fullmatch(r"\d{4}\.\d\d\.\d\d|\?{4}\.\?\?\.\?\?", values["Date"])
        if values["Deal"]:
            assert values["Deal"].startswith(values["Dealer"] + ":")
            for hand in values["Deal"][2:].split(" "):
                for suit in hand.split("."):
                    ranks = ["AKQJT98765432".index(card) for card in suit]
                    assert ranks == sorted(ranks), suit


def _pairs_session(boards: tuple[int, ...] = (1, 2)):  # type: ignore[no-untyped-def]
    traveller = {"scoring": "matchpoints", "boards": [{"board": board, "results": [
        {"ns": 1, "ew": 1, "contract": "4S", "declarer": "S", "tricks": 10},
        {"ns": 2, "ew": 2, "contract": "4S", "declarer": "S", "tricks": 9}]}
        for board in boards]}
    return score_session(parse_traveller_json(traveller), regulations("nz"))


def test_pairs_pbn_has_each_boards_deal_dealer_and_vulnerability_endplay_reads() -> None:
    text = write_pbn_scores(_pairs_session(), pairs_roster(), event="Tuesday pairs",
                            held_on=date(2026, 11, 24),
                            deals={("", 1): BOARD_ONE, ("", 2): BOARD_TWO})
    assert_export_format(text)
    boards = endplay_pbn.loads(text)
    assert [b.board_num for b in boards] == [1, 2]
    assert [b.dealer for b in boards] == [Player.north, Player.east]
    assert [b.vul for b in boards] == [Vul.none, Vul.ns]
    assert [b.deal.to_pbn() for b in boards] == [Deal(BOARD_ONE).to_pbn(),
                                                 Deal(BOARD_TWO).to_pbn()]
    assert all(b.contract is None for b in boards)  # a traveller, not one table's contract
    assert boards[0].info["Event"] == "Tuesday pairs"
    assert boards[0].info["Date"] == "2026.11.24"
    one, two = pbn_games(text)
    assert one["Deal"] == BOARD_ONE and two["Deal"] == (
        "E:765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ")
    # The names it had before: in the ScoreTable and, with national numbers, the ranking.
    rows = one["ScoreTable"]
    assert isinstance(rows, list)
    assert rows[0]["Names_NS"] == 'Ann Smith;Bob "Jr" O\\Neil'
    assert "TotalScoreTable" in two and "TotalScoreTable" not in one
    # The project's own reader still takes the traveller back, dealer and vulnerability too.
    again = read_pbn_traveller(text)
    assert [(b["board"], b["dealer"], b["vulnerable"]) for b in again["boards"]] == [
        (1, "N", "None"), (2, "E", "NS")]


def test_a_board_without_a_hand_record_has_an_empty_deal_endplay_still_reads() -> None:
    text = write_pbn_scores(_pairs_session((3, 4)), deals={("", 3): BOARD_ONE})
    assert_export_format(text)
    three, four = endplay_pbn.loads(text)
    assert three.deal.to_pbn() == Deal(BOARD_ONE).to_pbn()
    assert (four.board_num, four.dealer, four.vul) == (4, Player.west, Vul.both)
    assert pbn_games(text)[1]["Deal"] == ""
    assert pbn_games(text)[0]["Date"] == "????.??.??"  # not given: unknown, as PBN writes it


def test_sections_have_their_own_deals() -> None:
    one = _pairs_session((1,))
    session = replace(one, boards=tuple(replace(one.boards[0], section=letter)
                                        for letter in "AB"))
    text = write_pbn_scores(session, deals={("A", 1): BOARD_ONE, ("B", 1): BOARD_TWO})
    assert_export_format(text)
    games = pbn_games(text)
    assert [(g["Section"], g["Deal"][:6]) for g in games] == [("A", "N:AKQJ"),
                                                              ("B", "N:T98.")]


def test_teams_pbn_has_the_deals_and_standings_endplay_reads() -> None:
    event = teams_event()
    text = write_pbn_matches(event, teams_roster(), held_on=date(2026, 11, 24),
                             deals={("A", 1): BOARD_ONE, ("A", 2): BOARD_TWO})
    assert_export_format(text)
    boards = endplay_pbn.loads(text)
    assert [(b.board_num, b.dealer, b.vul) for b in boards] == [
        (1, Player.north, Vul.none), (2, Player.east, Vul.ns)]
    assert boards[1].deal.to_pbn() == Deal(BOARD_TWO).to_pbn()
    assert boards[0].info["HomeTeam"] == "Team 1"
    first, last = pbn_games(text)
    assert first["Scoring"] == "IMP" and "TotalScoreTable" in last
    assert pbn_games(write_pbn_matches(teams_event("swiss-pairs")))[0]["Scoring"] == \
        "IMP;Butler"


def test_every_vulnerability_in_export_words() -> None:
    text = write_pbn_scores(_pairs_session(tuple(range(1, 17))))
    assert_export_format(text)
    assert [VULNERABLE[g["Vulnerable"]] for g in pbn_games(text)] == [  # type: ignore[index]
        b.vul for b in endplay_pbn.loads(text)]
