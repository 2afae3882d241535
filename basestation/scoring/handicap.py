"""Handicap pairs, as New Zealand clubs run them (docs/ARCHITECTURE.md, "Handicap pairs").

Each player may carry a handicap, in percentage points: negative for the club's stronger
players, positive for its newer ones. A pair's handicap is its players' handicaps added (the
Scorer's `handicap`); its allowance is half that, the average of its two players', and its
handicapped score is its raw percentage plus its allowance (the Scorer's `res` =
`raw_score` + `handicap`/2). seeds/club-directors-manual.txt, "HANDICAPPING - Peter Bowyer":
"the pair's individual handicaps are added together and divided by 2 to give the pair's
handicap ... Carla and Peter's final raw score, say 60%, is reduced at the end of the
session by 7.5 = 52.5%". A player without a handicap counts 0.
"""

from __future__ import annotations

from collections.abc import Iterable


def pair_handicap(players: Iterable[float | None]) -> float:
    """The pair's handicap: its players' handicaps added (none: 0)."""
    return float(sum(h for h in players if h is not None))


def allowance(pair: float) -> float:
    """What a pair with handicap `pair` has added to its percentage: half of it."""
    return pair / 2


def handicapped(pct: float, pair: float, decimals: int = 2) -> float:
    """The raw percentage plus the pair's allowance, rounded as percentages are."""
    return round(pct + allowance(pair), decimals)
