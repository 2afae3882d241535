"""Matchpoints of one score against the others, factoring to the full top, and rounding."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from basestation.scoring.regulations import Factoring, Regulations, Scale


def unit(regulations: Regulations) -> float:
    """Matchpoints for a tie: 1 on the double scale, 1/2 on the single."""
    return 1.0 if regulations.scale is Scale.DOUBLE else 0.5


def full_top(expected: int, regulations: Regulations) -> float:
    """The top of a board that should have had `expected` results."""
    return 2 * unit(regulations) * max(expected - 1, 0)


def beaten_and_tied(others: Sequence[int], score: int) -> tuple[int, int]:
    """How many of the sorted `others` a NS `score` beats and ties."""
    below = bisect_left(others, score)
    return below, bisect_right(others, score) - below


def factored(raw: float, actual: int, expected: int, regulations: Regulations) -> float:
    """Matchpoints `raw` among `actual` results (this one included), brought to `expected`.

    Neuberg: F = (M + u) x E / A - u, u the tie value. The NZ method adds u for each missing
    result: top one lower and bottom one higher per missing result, on the double scale.
    Proportional: F = M x (E - 1) / (A - 1), the percentage among the real results kept (a
    lone result has nothing to be compared with: an average).
    """
    if actual >= expected:
        return raw
    tie = unit(regulations)
    if regulations.factoring is Factoring.NEUBERG:
        return (raw + tie) * expected / actual - tie
    if regulations.factoring is Factoring.PROPORTIONAL:
        if actual <= 1:
            return tie * (expected - 1)
        return raw * (expected - 1) / (actual - 1)
    return raw + tie * (expected - actual)


def round_matchpoints(value: float, top: float, regulations: Regulations) -> float:
    """Rounds to the regulation's decimals; EBU rounds an exact half towards the average."""
    scale = float(10**regulations.mp_decimals)
    scaled = value * scale
    # A small allowance so that 17.55 held as 17.5499999 still counts as a half.
    if regulations.round_half_towards_average and value > top / 2:
        rounded = math.ceil(scaled - 0.5 - 1e-9)
    else:
        rounded = math.floor(scaled + 0.5 + 1e-9)
    return rounded / scale


def percentage(matchpoints: float, top: float, regulations: Regulations) -> float:
    """Matchpoints as a percentage of the top (a board with no top is an average)."""
    if top <= 0:
        return 50.0
    return round(100 * matchpoints / top, regulations.pct_decimals)
