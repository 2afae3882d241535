"""Dealer and vulnerability of a board, from its number (the standard 16-board rotation)."""

from __future__ import annotations

from enum import StrEnum

from firmware_protocol.messages import Seat


class Vulnerability(StrEnum):
    """Which side is vulnerable; the value is its wire form."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"


# The rotation repeats every 16 boards; board 1 is the first entry.
_DEALERS = "NESW"
_VULNERABILITY = (
    ("None", "NS", "EW", "All"),
    ("NS", "EW", "All", "None"),
    ("EW", "All", "None", "NS"),
    ("All", "None", "NS", "EW"),
)


def dealer_of(board: int) -> Seat:
    """The dealer of a board: N, E, S, W in turn from board 1."""
    _check_board(board)
    return Seat(_DEALERS[(board - 1) % 4])


def vulnerability_of(board: int) -> Vulnerability:
    """The vulnerability of a board in the standard rotation."""
    _check_board(board)
    index = (board - 1) % 16
    return Vulnerability(_VULNERABILITY[index // 4][index % 4])


def is_vulnerable(vulnerability: Vulnerability, seat: Seat) -> bool:
    """Whether the side that `seat` belongs to is vulnerable."""
    if vulnerability is Vulnerability.ALL:
        return True
    if vulnerability is Vulnerability.NONE:
        return False
    north_south = seat in (Seat.N, Seat.S)
    return north_south == (vulnerability is Vulnerability.NS)


def _check_board(board: int) -> None:
    if board < 1:
        raise ValueError(f"board numbers start at 1, not {board}")
