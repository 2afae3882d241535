"""Hand records from PBN files (endplay), keyed by board number."""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from basestation.domain.said import SaidError

# More deals than any section plays (boards run to 127), with room for a spare set. A file
# with more Deal tags is refused before it is parsed (a third of a millisecond a deal).
MAX_DEALS = 256
_DEAL_TAG = re.compile(r"^\s*\[\s*Deal\s", re.I | re.M)
# Why a hand-record file cannot be read, by message key (the station's refusals table takes
# these in); `why` is the PBN reader's own words.
HAND_RECORD_WORDS: dict[str, str] = {
    "hand_records.too_many": "the file holds {deals} deals; the station takes at most "
                             "{most}: keep this session's boards",
    "hand_records.unreadable": "not a readable PBN file: {why}",
    "hand_records.twice": "board {board} appears twice",
    "hand_records.none": "no boards in the file",
    "hand_records.file": "{path}: {why}",
}


class HandRecordError(SaidError):
    """The hand-record file cannot be read, or a board in it has no deal."""

    WORDS: ClassVar[dict[str, str]] = HAND_RECORD_WORDS


def parse_hand_records(text: str) -> dict[int, str]:
    """Board number -> deal in PBN form ("N:AKQ... ..."), from PBN text."""
    tags = len(_DEAL_TAG.findall(text))
    if tags > MAX_DEALS:
        raise HandRecordError.of("hand_records.too_many", deals=tags, most=MAX_DEALS)
    # Imported here: endplay's package loads numpy and matplotlib (half a second), which a
    # station that reads no PBN need not pay for at start.
    from endplay.parsers import pbn

    try:
        boards = pbn.loads(text)
    except Exception as exc:  # endplay raises several types for bad PBN
        raise HandRecordError.of("hand_records.unreadable", why=str(exc)) from exc
    deals: dict[int, str] = {}
    for position, board in enumerate(boards, start=1):
        number = board.board_num or position
        if number in deals:
            raise HandRecordError.of("hand_records.twice", board=number)
        deals[number] = board.deal.to_pbn()
    if not deals:
        raise HandRecordError.of("hand_records.none")
    if len(deals) > MAX_DEALS:
        raise HandRecordError.of("hand_records.too_many", deals=len(deals), most=MAX_DEALS)
    return deals


def read_hand_records(path: Path) -> dict[int, str]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise HandRecordError.of("hand_records.file", path=str(path), why=str(exc)) from exc
    return parse_hand_records(text)
