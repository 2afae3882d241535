"""A teams or Swiss event as the exports write it: every match with each board's entries at
its tables, and each section's standings. Built by the API from the scored matches."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from basestation.movements import SWISS_PAIRS


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table's entry for a board: who sat NS and EW (team or pair numbers) and what
    happened there."""

    table: int
    round: int
    ns: int
    ew: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    score_ns: int | None = None
    adjusted: str | None = None


@dataclass(frozen=True, slots=True)
class BoardPlayed:
    """A board of a match: the entries in so far and, once compared, the IMPs side A won
    (in Swiss pairs, the NS pair's IMPs against the datum)."""

    board: int
    lines: tuple[TableLine, ...]
    imps_a: int | None = None

    def imps_ns(self, line: TableLine, team_a: int) -> int | None:
        """The IMPs won on this board by the side sitting NS at the line's table."""
        if self.imps_a is None:
            return None
        return self.imps_a if line.ns == team_a else -self.imps_a


@dataclass(frozen=True, slots=True)
class MatchPlayed:
    section: str
    round: int
    team_a: int  # NS at the first table (Swiss pairs: the NS pair)
    team_b: int
    tables: tuple[int, ...]
    scheduled: int  # boards the match is to play
    compared: int
    imps_a: int
    imps_b: int
    vp_a: Decimal | None  # None until a board is compared
    vp_b: Decimal | None
    boards: tuple[BoardPlayed, ...]


@dataclass(frozen=True, slots=True)
class Placing:
    section: str
    rank: int
    entrant: int
    vps: Decimal
    swiss_points: Decimal
    imps: int
    boards: int = 0  # boards compared in its matches


@dataclass(frozen=True, slots=True)
class MatchEvent:
    name: str
    kind: str  # the movements' TEAMS, SWISS_TEAMS or SWISS_PAIRS
    matches: tuple[MatchPlayed, ...]
    standings: tuple[Placing, ...]

    @property
    def of_pairs(self) -> bool:
        return self.kind == SWISS_PAIRS

    @property
    def sections(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(p.section for p in self.standings))
