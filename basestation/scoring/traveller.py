"""The traveller: every result of a session, board by board, as the scorer receives it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from basestation.domain.board import Vulnerability
from basestation.domain.contract import Contract
from basestation.scoring.adjusted import Award
from basestation.scoring.regulations import Fault
from firmware_protocol.messages import Seat


class ScoringError(ValueError):
    """Input that cannot be scored; the message names the board, the pair and the problem."""


class Method(StrEnum):
    """How the boards of a session are compared."""

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"


@dataclass(frozen=True, slots=True)
class Artificial:
    """An artificial adjusted score: for each side, a named average or a percentage of the top."""

    ns: Award
    ew: Award


@dataclass(frozen=True, slots=True)
class WeightedOutcome:
    """One possible result of a weighted adjusted score (Law 12C1c), weight in percent."""

    score_ns: int
    weight: float


@dataclass(frozen=True, slots=True)
class TravellerResult:
    """One table's entry for a board.

    Exactly one of these says what happened: `score_ns` (played or assigned), `artificial`,
    `weighted` or `split` (NS-signed scores for the NS side and the EW side).
    """

    ns: int
    ew: int
    section: str = ""
    score_ns: int | None = None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str | None = None
    artificial: Artificial | None = None
    weighted: tuple[WeightedOutcome, ...] = ()
    split: tuple[int, int] | None = None
    mp_override: tuple[float, float] | None = None
    arrowswitch: bool = False
    # 0 for the board as dealt; 1 (or more) for each fouled version.
    fouled: int = 0
    fault_ns: Fault = Fault.NONE
    fault_ew: Fault = Fault.NONE

    @property
    def is_real(self) -> bool:
        """A bridge score that other tables are compared with."""
        return self.score_ns is not None


@dataclass(frozen=True, slots=True)
class BoardTraveller:
    """All results of one board (in one section, unless scored across the room)."""

    board: int
    vulnerability: Vulnerability
    dealer: Seat
    results: tuple[TravellerResult, ...]


@dataclass(frozen=True, slots=True)
class Penalty:
    """A procedural or disciplinary penalty: a percentage of a top, off the session total."""

    pair: int
    direction: str | None  # "NS", "EW", or None in a one-field movement
    percent: float
    board: int | None = None
    section: str = ""


@dataclass(frozen=True, slots=True)
class Session:
    """A traveller file: the boards, how they are scored, and the director's penalties.

    `across_the_room`: each board is matchpointed across every section (the Scorer's "Score
    all sections"), else in each section apart. `two_field`: one answer for the session, or
    one per section letter (a Mitchell two fields, a Howell one). `room_places`: pairs are
    placed across the room (in their direction) rather than per section and direction; None
    places them across the room when the boards are scored across it.
    """

    method: Method
    boards: tuple[BoardTraveller, ...]
    expected: int | None = None
    penalties: tuple[Penalty, ...] = ()
    across_the_room: bool = False
    two_field: bool | Mapping[str, bool] = True
    room_places: bool | None = None
    # A handicap session: each pair's handicap (its players' added) by section, direction
    # ("NS", "EW", None in one field) and number; a pair not named has 0. None: no handicaps.
    handicaps: Mapping[tuple[str, str | None, int], float] | None = None
    # The boards each pair sat out against the phantom (section, direction, number), from
    # the file's phantom results: its total is factored up to them.
    sat_out: Mapping[tuple[str, str | None, int], tuple[int, ...]] = field(
        default_factory=dict)
