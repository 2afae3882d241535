"""USEBIO 1.2 XML (the EBU results format) from a scored session."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from basestation.scoring.scored import ScoredSession


def _text(parent: ET.Element, tag: str, value: object) -> None:
    if value is not None:
        ET.SubElement(parent, tag).text = str(value)


def write_usebio(session: ScoredSession, event_name: str = "Pairs") -> str:
    """The session as a USEBIO document: participants with places, boards with traveller lines."""
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    _text(event, "EVENT_DESCRIPTION", event_name)
    _text(event, "SCORING_METHOD", "MATCHPOINTS" if session.scale != "imps" else "BUTLER")
    participants = ET.SubElement(event, "PARTICIPANTS")
    for entry in session.ranking:
        pair = ET.SubElement(participants, "PAIR")
        _text(pair, "PAIR_NUMBER", entry.pair)
        if entry.section:
            _text(pair, "SECTION", entry.section)
        _text(pair, "DIRECTION", entry.direction)
        _text(pair, "PLACE", entry.rank_label)
        _text(pair, "TOTAL_SCORE", entry.total)
        _text(pair, "PERCENTAGE", entry.pct)
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
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
