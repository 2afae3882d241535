"""Movements: who plays whom on which boards, generated from the seed, checked, printable.

Pure code: no I/O here except text in and out (CSV, HTML).
"""

from __future__ import annotations

from basestation.movements._boards import board_range
from basestation.movements._cards import cards_html
from basestation.movements._changes import continue_with, withdraw_pair
from basestation.movements._check import BalanceReport, Sharing, check
from basestation.movements._csv import movement_from_csv, movement_to_csv
from basestation.movements._generate import KINDS, generate
from basestation.movements._mitchell import SUMMARY_BOARDS, MitchellLayout, choose_layout
from basestation.movements._model import (
    EW,
    NS,
    Assignment,
    Movement,
    MovementError,
    PairKey,
)
from basestation.movements._phantom import fit_late_pair, missing_pair, phantom_seat

__all__ = [
    "EW",
    "KINDS",
    "NS",
    "SUMMARY_BOARDS",
    "Assignment",
    "BalanceReport",
    "MitchellLayout",
    "Movement",
    "MovementError",
    "PairKey",
    "Sharing",
    "board_range",
    "cards_html",
    "check",
    "choose_layout",
    "continue_with",
    "fit_late_pair",
    "generate",
    "missing_pair",
    "movement_from_csv",
    "movement_to_csv",
    "phantom_seat",
    "withdraw_pair",
]
