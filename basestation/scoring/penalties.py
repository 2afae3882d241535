"""Procedural and disciplinary penalties: a percentage of a top on one board in pairs, VPs or
IMPs in a teams or Swiss event."""

from __future__ import annotations

from dataclasses import dataclass

from basestation.scoring.matchpoints import full_top
from basestation.scoring.regulations import NZ, Regulations


def penalty_matchpoints(percent: float, top: float) -> float:
    """Matchpoints taken off a pair's session total for a penalty of `percent` of a top."""
    return round(percent * top / 100, 2)


def deduction_for_tables(tables: int, percent: float, regulations: Regulations = NZ) -> float:
    """The manual's deduction chart: a single movement of `tables` tables, each board played
    once at every table, so its top is that of `tables` results."""
    return penalty_matchpoints(percent, full_top(tables, regulations))


@dataclass(frozen=True, slots=True)
class MatchPenalty:
    """A penalty in a teams or Swiss event: VPs off an entrant's total, or IMPs off its score
    in one round's match (club-directors-manual.txt, "Penalties": "In teams play ... the
    procedural penalty is issued in IMPs"; "Penalty for fouled teams": "-2 each" in VPs)."""

    section: str
    entrant: int  # a team, or a pair in Swiss pairs
    vps: float = 0.0
    imps: int = 0
    round: int | None = None  # the match an IMP penalty comes off

    def __post_init__(self) -> None:
        if (self.vps > 0) == (self.imps > 0) or self.vps < 0 or self.imps < 0:
            raise ValueError("give a penalty in VPs or in IMPs (more than 0), not both")
        if self.imps and self.round is None:
            raise ValueError("say which round's match the IMPs come off")
