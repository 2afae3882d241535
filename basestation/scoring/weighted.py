"""Summing a weighted adjusted score (Law 12C1c) from each outcome's matchpoints."""

from __future__ import annotations

from collections.abc import Iterable


def weighted_matchpoints(outcomes: Iterable[tuple[float, float]], decimals: int = 1) -> float:
    """Matchpoints of each likely outcome times its weight in percent, added up."""
    return round(sum(matchpoints * weight / 100 for matchpoints, weight in outcomes), decimals)
