"""Movements: who plays whom on which boards, generated from the seed, checked, printable.

Pure code: no I/O here except text in and out (CSV, HTML).
"""

from __future__ import annotations

from basestation.movements._boards import board_range
from basestation.movements._cards import STYLE as CARDS_STYLE
from basestation.movements._cards import cards_html
from basestation.movements._changes import continue_with, withdraw_pair
from basestation.movements._check import BalanceReport, Sharing, check
from basestation.movements._csv import movement_from_csv, movement_to_csv
from basestation.movements._follow import check_pads_follow, followed_pair, followed_pairs, table_of
from basestation.movements._generate import KINDS, generate
from basestation.movements._matches import (
    AMERICAN_WHIST,
    ELEVEN_SEATING,
    MATCH_KINDS,
    SWISS_PAIRS,
    SWISS_TEAMS,
    TEAMS,
    MatchPlace,
    Troika,
    add_round,
    american_whist,
    boards_of_round,
    match_movement,
    match_rounds,
    matches_of,
    round_robin,
    troika_seats,
    troikas_of,
)
from basestation.movements._mitchell import SUMMARY_BOARDS, MitchellLayout, choose_layout
from basestation.movements._model import EW, NS, Assignment, Movement, PairKey
from basestation.movements._phantom import fit_late_pair, missing_pair, phantom_seat
from basestation.movements._words import MOVEMENT_WORDS, MovementError

__all__ = [
    "AMERICAN_WHIST",
    "CARDS_STYLE",
    "ELEVEN_SEATING",
    "EW",
    "KINDS",
    "MATCH_KINDS",
    "MOVEMENT_WORDS",
    "NS",
    "SUMMARY_BOARDS",
    "SWISS_PAIRS",
    "SWISS_TEAMS",
    "TEAMS",
    "Assignment",
    "BalanceReport",
    "MatchPlace",
    "MitchellLayout",
    "Movement",
    "MovementError",
    "PairKey",
    "Sharing",
    "Troika",
    "add_round",
    "american_whist",
    "board_range",
    "boards_of_round",
    "cards_html",
    "check",
    "check_pads_follow",
    "choose_layout",
    "continue_with",
    "fit_late_pair",
    "followed_pair",
    "followed_pairs",
    "generate",
    "match_movement",
    "match_rounds",
    "matches_of",
    "missing_pair",
    "movement_from_csv",
    "movement_to_csv",
    "phantom_seat",
    "round_robin",
    "table_of",
    "troika_seats",
    "troikas_of",
    "withdraw_pair",
]
