"""International Match Points: the WBF IMP scale, Butler (datum) and cross-IMP scoring.

Scores are North-South points, signed (East-West's score is the negative). Results are
returned from North-South's side; East-West's IMPs are the negatives.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "ARTIFICIAL_IMPS",
    "IMP_BOUNDARIES",
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "imps",
]

# Lower bound of each IMP band from 1 to 24 (Law 78B; WBF scale). A difference of 0-10 is 0 IMPs.
IMP_BOUNDARIES: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

# Artificial adjusted score at IMPs: average-plus is +3, average-minus -3
# (docs/ARCHITECTURE.md, Domain notes).
ARTIFICIAL_IMPS = 3


def imps(difference: int) -> int:
    """Signed IMPs for a points difference: 0-10 is 0, 20-40 is 1, ..., 4000 and over 24."""
    # The number of band lower bounds reached is the IMP count; bands are closed below.
    won = bisect_right(IMP_BOUNDARIES, abs(difference))
    return won if difference >= 0 else -won


def _trimmed(scores_ns: Sequence[int], trim: int) -> list[int]:
    """The scores with `trim` top and `trim` bottom results removed, keeping at least one."""
    if not scores_ns:
        raise ValueError("a board needs at least one result to have a datum")
    if trim < 0:
        raise ValueError(f"trim must not be negative, got {trim}")
    # With too few results to drop `trim` each end, drop as many as leave one result standing.
    effective = min(trim, (len(scores_ns) - 1) // 2)
    ordered = sorted(scores_ns)
    return ordered[effective : len(ordered) - effective]


def _round_to_ten_half_away_from_zero(value: Fraction) -> int:
    """Nearest multiple of 10; an exact 5 goes away from zero (425 -> 430, -425 -> -430)."""
    magnitude = abs(value)
    # Exact rational arithmetic: an average of 424.99... never rounds up by float error.
    tens = int((magnitude + 5) // 10)
    rounded = tens * 10
    return rounded if value >= 0 else -rounded


def butler_datum(scores_ns: Sequence[int], trim: int) -> int:
    """The Butler datum of a board: trimmed average of NS scores, rounded to the nearest 10.

    `trim` results are dropped at each end (the seed's Scorer drops one top and one bottom);
    if the board has too few results for that, fewer are dropped so at least one remains.
    The mean is kept exact; it is rounded to the nearest 10, and a mean exactly halfway
    between two tens (ending in 5) is rounded away from zero, the usual reading of "an exact 5
    away" (docs/ARCHITECTURE.md, Domain notes): +425 gives +430 and -425 gives -430, so the
    rule is symmetric between NS and EW.
    """
    kept = _trimmed(scores_ns, trim)
    mean = Fraction(sum(kept), len(kept))
    return _round_to_ten_half_away_from_zero(mean)


def butler_imps(scores_ns: Sequence[int], trim: int) -> list[int]:
    """Per result, in the order given, NS IMPs against the board's Butler datum."""
    datum = butler_datum(scores_ns, trim)
    return [imps(score - datum) for score in scores_ns]


def cross_imps(scores_ns: Sequence[int]) -> list[float]:
    """Per result, NS IMPs against every other result, averaged per comparison.

    A board with a single result has nothing to compare with and scores 0.
    """
    count = len(scores_ns)
    if count < 2:
        return [0.0] * count
    comparisons = count - 1
    return [
        sum(imps(score - other) for j, other in enumerate(scores_ns) if j != i) / comparisons
        for i, score in enumerate(scores_ns)
    ]
