"""Scored results, boards and rankings, and their Scored JSON form (docs/ARCHITECTURE.md)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from basestation.scoring.traveller import TravellerResult


class SessionRule(IntEnum):
    """How Law 12C2c may change a side's artificial score once the session is scored."""

    NONE = 0  # average, partly at fault: the award stands
    NON_OFFENDER = 1  # gets the session percentage if that is higher
    OFFENDER = -1  # gets the session percentage if that is lower


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """One table's result with its matchpoints (or IMPs) for each side.

    `ns_award` / `ew_award` hold the nominal percentage when that side's score is artificial
    (not compared at the table), so that Law 12C2c can replace it later.
    """

    result: TravellerResult
    score_ns: int | None
    mp_ns: float | None
    mp_ew: float | None
    pct_ns: float | None
    pct_ew: float | None
    imp_ns: float | None = None
    imp_ew: float | None = None
    ns_award: float | None = None
    ew_award: float | None = None
    ns_rule: SessionRule = SessionRule.NONE
    ew_rule: SessionRule = SessionRule.NONE

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.result.section:
            data["section"] = self.result.section
        data.update({
            "ns": self.result.ns, "ew": self.result.ew, "score_ns": self.score_ns,
            "mp_ns": self.mp_ns, "mp_ew": self.mp_ew, "pct_ns": self.pct_ns,
            "pct_ew": self.pct_ew, "imp_ns": self.imp_ns,
        })
        return data


def compared_result(result: TravellerResult, score_ns: int,
                    line: tuple[float, float, float, float]) -> ScoredResult:
    """A result compared at the table, with its NS and EW matchpoints and percentages
    (`line`)."""
    return ScoredResult(result, score_ns, *line)


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """A board's results, scored within one field (a section, or the room)."""

    board: int
    top: float | None  # None when scored in IMPs
    results: tuple[ScoredResult, ...]
    section: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"board": self.board}
        if self.section:
            data["section"] = self.section
        data["top"] = _number(self.top)
        data["results"] = [result.to_json() for result in self.results]
        return data


@dataclass(frozen=True, slots=True)
class RankingEntry:
    """A pair's place in the session: total, percentage, rank within its field and overall."""

    pair: int
    direction: str | None
    total: float
    pct: float | None
    rank: int
    tied: bool
    section: str = ""
    boards: int = 0
    overall_rank: int = 0
    overall_tied: bool = False
    # The matchpoints the pair could have had on the boards it played (0 in IMPs): `pct` is
    # `total` of it.
    maximum: float = 0.0
    # Its place in its section and direction, and across the room (in its direction): `rank`
    # is one of the two, as the session places its pairs.
    section_rank: int = 0
    section_tied: bool = False
    room_rank: int = 0
    room_tied: bool = False
    # A handicap session: the pair's handicap (its players' added) and its percentage with
    # half of it added, which places it (`rank`); `raw_rank` places it on `pct` alone, in the
    # same field. Elsewhere `handicap` is None and `raw_rank` is `rank`.
    handicap: float | None = None
    handicapped_pct: float | None = None
    raw_rank: int = 0
    raw_tied: bool = False
    # The boards the pair sat out against the phantom, and its total and maximum factored
    # up to them (the same percentage); `total` and `maximum` when it sat out none.
    sat_out: int = 0
    factored_total: float | None = None
    factored_maximum: float | None = None

    @property
    def rank_label(self) -> str:
        """The rank as printed on a results sheet: "3" or "3=" for a tie."""
        return _place(self.rank, self.tied)

    @property
    def section_place(self) -> str:
        """The place in its section and direction, as printed ("3="): the Scorer's."""
        return _place(self.section_rank, self.section_tied)

    @property
    def raw_place(self) -> str:
        """The place on the raw percentage (in a handicap session; else the place)."""
        return _place(self.raw_rank, self.raw_tied)

    @property
    def room_place(self) -> str:
        """The place across the room, in its direction (a Howell's pairs among themselves)."""
        return _place(self.room_rank, self.room_tied)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"pair": self.pair, "direction": self.direction}
        if self.section:
            data["section"] = self.section
        data.update({"total": _number(self.total), "pct": self.pct, "rank": self.rank,
                     "rank_label": self.rank_label, "overall_rank": self.overall_rank,
                     "boards": self.boards, "maximum": _number(self.maximum),
                     "section_place": self.section_place, "room_place": self.room_place,
                     "handicap": self.handicap, "handicapped_pct": self.handicapped_pct,
                     "raw_place": self.raw_place, "sat_out": self.sat_out,
                     "factored_total": _number(self.factored_total),
                     "factored_maximum": _number(self.factored_maximum)})
        return data


@dataclass(frozen=True, slots=True)
class ScoredSession:
    """Every board scored, and the ranking."""

    regulations: str
    scale: str
    boards: tuple[ScoredBoard, ...]
    ranking: tuple[RankingEntry, ...]

    def to_scored_json(self) -> dict[str, Any]:
        """The Scored JSON object of docs/ARCHITECTURE.md's contracts."""
        return {
            "regulations": self.regulations,
            "scale": self.scale,
            "boards": [board.to_json() for board in self.boards],
            "ranking": [entry.to_json() for entry in self.ranking],
        }


def _place(rank: int, tied: bool) -> str:
    return f"{rank}{'=' if tied else ''}"


def _number(value: float | None) -> float | int | None:
    """Whole numbers print as 12, not 12.0, as the contract's example shows for the top."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value
