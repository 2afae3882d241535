"""Hand records from PBN files (endplay), keyed by board number."""

from __future__ import annotations

import re
from pathlib import Path

# More deals than any section plays (boards run to 127), with room for a spare set. A file
# with more Deal tags is refused before it is parsed (a third of a millisecond a deal).
MAX_DEALS = 256
_DEAL_TAG = re.compile(r"^\s*\[\s*Deal\s", re.I | re.M)
_TOO_MANY = "the file holds {} deals; the station takes at most {}: keep this session's boards"


class HandRecordError(ValueError):
    """The hand-record file cannot be read, or a board in it has no deal."""


def parse_hand_records(text: str) -> dict[int, str]:
    """Board number -> deal in PBN form ("N:AKQ... ..."), from PBN text."""
    tags = len(_DEAL_TAG.findall(text))
    if tags > MAX_DEALS:
        raise HandRecordError(_TOO_MANY.format(tags, MAX_DEALS))
    # Imported here: endplay's package loads numpy and matplotlib (half a second), which a
    # station that reads no PBN need not pay for at start.
    from endplay.parsers import pbn

    try:
        boards = pbn.loads(text)
    except Exception as exc:  # endplay raises several types for bad PBN
        raise HandRecordError(f"not a readable PBN file: {exc}") from exc
    deals: dict[int, str] = {}
    for position, board in enumerate(boards, start=1):
        number = board.board_num or position
        if number in deals:
            raise HandRecordError(f"board {number} appears twice")
        deals[number] = board.deal.to_pbn()
    if not deals:
        raise HandRecordError("no boards in the file")
    if len(deals) > MAX_DEALS:
        raise HandRecordError(_TOO_MANY.format(len(deals), MAX_DEALS))
    return deals


def read_hand_records(path: Path) -> dict[int, str]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise HandRecordError(f"{path}: {exc}") from exc
    return parse_hand_records(text)
