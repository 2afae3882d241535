"""Instant matchpoints for fun sessions: one table's score read straight off a fixed scale.

club-directors-manual.txt, "Instant Matchpoint Calculator" (the back of the Bridge Instant
Score Sheet): each score band gives the plus pair and the minus pair fixed matchpoints that
always add up to 80, with no comparison against other tables.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

__all__ = ["INSTANT_SCALE", "INSTANT_TOTAL", "InstantMatchpoints", "instant_matchpoints"]

INSTANT_TOTAL = 80

# (lowest score of the band, plus pair's matchpoints), copied from the seed's calculator; the
# minus pair gets INSTANT_TOTAL minus that. The seed's bands are written "0-50", "60-90", ...
# "3000+" over multiples of 10; a band here runs from its lowest score to the next band's.
INSTANT_SCALE: tuple[tuple[int, int], ...] = (
    (0, 40), (60, 42), (100, 43), (130, 44), (160, 45), (190, 46), (220, 47), (260, 48),
    (310, 49), (360, 50), (410, 51), (440, 52), (470, 53), (500, 54), (530, 55), (570, 56),
    (610, 57), (640, 58), (670, 59), (700, 60), (740, 61), (780, 62), (820, 63), (860, 64),
    (900, 65), (950, 66), (1000, 67), (1050, 68), (1100, 69), (1150, 70), (1200, 71),
    (1250, 72), (1300, 73), (1350, 74), (1400, 75), (1450, 76), (1700, 77), (2000, 78),
    (2500, 79), (3000, 80),
)  # fmt: skip
_LOWS = tuple(low for low, _ in INSTANT_SCALE)


@dataclass(frozen=True, slots=True)
class InstantMatchpoints:
    """Both sides' instant matchpoints for one board."""

    ns: int
    ew: int


def instant_matchpoints(score_ns: int) -> InstantMatchpoints:
    """Instant matchpoints for a table's NS score: the plus side gets the plus column."""
    band = bisect_right(_LOWS, abs(score_ns)) - 1
    plus = INSTANT_SCALE[band][1]
    minus = INSTANT_TOTAL - plus
    return (
        InstantMatchpoints(ns=plus, ew=minus) if score_ns >= 0 else InstantMatchpoints(minus, plus)
    )
