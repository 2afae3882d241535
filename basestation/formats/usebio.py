"""USEBIO 1.2 XML (the EBU results format) from a scored pairs session or a teams or Swiss
event.

A pair or team in PARTICIPANTS carries its PLAYERs (PLAYER_NAME, and NATIONAL_ID_NUMBER when
the club's list has one). A teams or Swiss event has EVENT_TYPE TEAMS, SWISS_TEAMS or
SWISS_PAIRS, MATCH_SCORING_METHOD VPS, and one MATCH per match: its ROUND_NUMBER, the two
sides (TEAM and OPPOSING_TEAM, or NS_PAIR_NUMBER and EW_PAIR_NUMBER in Swiss pairs) with their
VPs, and its BOARDs, each with the IMPs and the TRAVELLER_LINE of every table.

With the hand records given, the event ends with a HANDSET: one BOARD per deal, with its
BOARD_NUMBER, DEALER, VULNERABLE and a HAND per seat (DIRECTION N, E, S or W) holding its
SPADES, HEARTS, DIAMONDS and CLUBS, so a club's website shows the hands beside the results.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.formats.match_event import MatchEvent, MatchPlayed
from basestation.formats.roster import Player, Roster
from basestation.movements import SWISS_PAIRS, SWISS_TEAMS, TEAMS
from basestation.scoring.scored import ScoredSession

EVENT_TYPES = {TEAMS: "TEAMS", SWISS_TEAMS: "SWISS_TEAMS", SWISS_PAIRS: "SWISS_PAIRS"}


def _text(parent: ET.Element, tag: str, value: object) -> None:
    if value is not None:
        ET.SubElement(parent, tag).text = str(value)


def _players(parent: ET.Element, players: tuple[Player, ...]) -> None:
    for player in players:
        element = ET.SubElement(parent, "PLAYER")
        _text(element, "PLAYER_NAME", player.name)
        _text(element, "NATIONAL_ID_NUMBER", player.national)


def _document(root: ET.Element) -> str:
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _handset(event: ET.Element, hand_records: Mapping[int, str] | None) -> None:
    """The hand records: each board's four hands (PBN deals, any seat first)."""
    if not hand_records:
        return
    handset = ET.SubElement(event, "HANDSET")
    for number, deal in sorted(hand_records.items()):
        board = ET.SubElement(handset, "BOARD")
        _text(board, "BOARD_NUMBER", number)
        _text(board, "DEALER", dealer_of(number).value)
        _text(board, "VULNERABLE", vulnerability_of(number))
        first, _, rest = deal.partition(":")
        start = "NESW".index(first.strip().upper() or "N")
        for offset, cards in enumerate(rest.split()):
            hand = ET.SubElement(board, "HAND", DIRECTION="NESW"[(start + offset) % 4])
            for tag, holding in zip(("SPADES", "HEARTS", "DIAMONDS", "CLUBS"),
                                    cards.split("."), strict=False):
                _text(hand, tag, holding)


def write_usebio(session: ScoredSession, event_name: str = "Pairs",
                 roster: Roster | None = None,
                 hand_records: Mapping[int, str] | None = None,
                 held_on: date | None = None) -> str:
    """The session as a USEBIO document: participants with their players and places, boards
    with traveller lines."""
    roster = roster or Roster()
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    _text(event, "EVENT_DESCRIPTION", event_name)
    _text(event, "SCORING_METHOD", "MATCHPOINTS" if session.scale != "imps" else "BUTLER")
    _text(event, "BOARD_SCORING_METHOD",
          "MATCH_POINTS" if session.scale != "imps" else "BUTLER_IMPS")
    participants = ET.SubElement(event, "PARTICIPANTS")
    for entry in session.ranking:
        pair = ET.SubElement(participants, "PAIR")
        _text(pair, "PAIR_NUMBER", entry.pair)
        if entry.section:
            _text(pair, "SECTION", entry.section)
        _text(pair, "DIRECTION", entry.direction)
        _players(pair, roster.of(entry.section, entry.pair, entry.direction))
        _text(pair, "PLACE", entry.rank_label)
        _text(pair, "TOTAL_SCORE", entry.total)
        _text(pair, "PERCENTAGE", entry.pct)
        _text(pair, "BOARDS_PLAYED", entry.boards)
        if entry.handicap is not None:  # a handicap event: PLACE is the handicapped place
            _text(pair, "HANDICAP", entry.handicap)
            _text(pair, "HANDICAPPED_PERCENTAGE", entry.handicapped_pct)
            _text(pair, "RAW_PLACE", entry.raw_place)
    for board in session.boards:
        board_element = ET.SubElement(event, "BOARD")
        _text(board_element, "BOARD_NUMBER", board.board)
        for line in board.results:
            traveller = ET.SubElement(board_element, "TRAVELLER_LINE")
            result = line.result
            _text(traveller, "NS_PAIR_NUMBER", result.ns)
            _text(traveller, "EW_PAIR_NUMBER", result.ew)
            if result.contract is not None:
                _text(traveller, "CONTRACT", result.contract)
                _text(traveller, "PLAYED_BY", result.declarer.value if result.declarer else None)
                _text(traveller, "TRICKS", result.tricks)
                _text(traveller, "LEAD", result.lead)
            _text(traveller, "SCORE", line.score_ns)
            _text(traveller, "NS_MATCH_POINTS", line.mp_ns)
            _text(traveller, "EW_MATCH_POINTS", line.mp_ew)
            _text(traveller, "NS_IMPS", line.imp_ns)
            if board.section:  # so a file of several sections reads back (issue 49)
                _text(traveller, "SECTION", board.section)
    _handset(event, hand_records)
    if held_on is not None:
        _text(event, "DATE", held_on.strftime("%d/%m/%Y"))
    return _document(root)


def write_usebio_matches(event: MatchEvent, roster: Roster | None = None,
                         hand_records: Mapping[int, str] | None = None) -> str:
    """A teams or Swiss event as a USEBIO document: the teams (or pairs) with their players,
    places and VPs, then every match with its boards."""
    roster = roster or Roster()
    several = len(event.sections) > 1
    root = ET.Element("USEBIO", Version="1.2")
    element = ET.SubElement(root, "EVENT", EVENT_TYPE=EVENT_TYPES[event.kind])
    _text(element, "EVENT_DESCRIPTION", event.name)
    _text(element, "BOARD_SCORING_METHOD", "BUTLER_IMPS" if event.of_pairs else "IMPS")
    _text(element, "MATCH_SCORING_METHOD", "VPS")
    participants = ET.SubElement(element, "PARTICIPANTS")
    for row in event.standings:
        players = roster.of(row.section, row.entrant)
        ident = _ident(row.section, row.entrant, several)
        if event.of_pairs:
            side = ET.SubElement(participants, "PAIR")
            _text(side, "PAIR_NUMBER", ident)
        else:
            side = ET.SubElement(participants, "TEAM", TEAM_ID=ident,
                                 TEAM_NAME=f"Team {row.entrant}")
        _players(side, players)
        _text(side, "PLACE", row.rank)
        _text(side, "TOTAL_SCORE", _vps(row.vps))
        _text(side, "BOARDS_PLAYED", row.boards)
    for match in event.matches:
        _match(element, event, match, several)
    _handset(element, hand_records)
    return _document(root)


def _match(parent: ET.Element, event: MatchEvent, match: MatchPlayed, several: bool) -> None:
    element = ET.SubElement(parent, "MATCH")
    _text(element, "ROUND_NUMBER", match.round)
    a, b = (_ident(match.section, n, several) for n in (match.team_a, match.team_b))
    names = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "NS_SCORE", "EW_SCORE") if event.of_pairs \
        else ("TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE")
    _text(element, names[0], a)
    _text(element, names[1], b)
    _text(element, names[2], _vps(match.vp_a))
    _text(element, names[3], _vps(match.vp_b))
    for board in match.boards:
        if not board.lines:  # not played yet
            continue
        board_element = ET.SubElement(element, "BOARD")
        _text(board_element, "BOARD_NUMBER", board.board)
        _text(board_element, "IMPS", board.imps_a)
        for line in board.lines:
            traveller = ET.SubElement(board_element, "TRAVELLER_LINE")
            if not event.of_pairs:  # the direction team A sat at this table
                _text(traveller, "DIRECTION", "NS" if line.ns == match.team_a else "EW")
            _text(traveller, "NS_PAIR_NUMBER", _ident(match.section, line.ns, several))
            _text(traveller, "EW_PAIR_NUMBER", _ident(match.section, line.ew, several))
            _text(traveller, "CONTRACT", line.contract)
            _text(traveller, "PLAYED_BY", line.declarer)
            _text(traveller, "TRICKS", line.tricks)
            _text(traveller, "LEAD", line.lead)
            _text(traveller, "SCORE", line.score_ns)


def _ident(section: str, number: int, several: bool) -> str:
    """A team's or pair's number, with its section's letter when there are several."""
    return f"{section}{number}" if several else str(number)


def _vps(value: Decimal | None) -> str | None:
    return None if value is None else f"{value.normalize():f}"
