"""Hand records from PBN files (endplay), keyed by board number."""

from __future__ import annotations

from pathlib import Path

from endplay.parsers import pbn


class HandRecordError(ValueError):
    """The hand-record file cannot be read, or a board in it has no deal."""


def parse_hand_records(text: str) -> dict[int, str]:
    """Board number -> deal in PBN form ("N:AKQ... ..."), from PBN text."""
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
    return deals


def read_hand_records(path: Path) -> dict[int, str]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise HandRecordError(f"{path}: {exc}") from exc
    return parse_hand_records(text)
