"""Procedural and disciplinary penalties: a percentage of a top on one board."""

from __future__ import annotations

from basestation.scoring.matchpoints import full_top
from basestation.scoring.regulations import NZ, Regulations


def penalty_matchpoints(percent: float, top: float) -> float:
    """Matchpoints taken off a pair's session total for a penalty of `percent` of a top."""
    return round(percent * top / 100, 2)


def deduction_for_tables(tables: int, percent: float, regulations: Regulations = NZ) -> float:
    """The manual's deduction chart: a single movement of `tables` tables, each board played
    once at every table, so its top is that of `tables` results."""
    return penalty_matchpoints(percent, full_top(tables, regulations))
