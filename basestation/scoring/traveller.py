"""The traveller: every result of a session, board by board, as the scorer receives it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from basestation.domain.board import Vulnerability
from basestation.domain.contract import Contract
from basestation.domain.said import SaidError
from basestation.scoring.adjusted import Award
from basestation.scoring.regulations import Fault
from firmware_protocol.messages import Seat

# Why a result (a director's ruling, a traveller's line) cannot be scored, by message key
# (the station's refusals table takes these in). `name` is a field's own name.
SCORING_WORDS: dict[str, str] = {
    "scoring.where": "board {board}, NS {ns} v EW {ew}",
    "scoring.nested": "{where}: {problem}",
    "scoring.result_object": "board {board}: a result must be an object, not {data}",
    "scoring.pair_numbers": "board {board}: pair numbers must be whole numbers from 1: {data}",
    "scoring.section": "{where}: section must be a letter",
    "scoring.only_one": "{where}: give only one of {kinds}",
    "scoring.no_result": "{where}: no result (give a contract, score_ns, adjusted, weighted or "
                         "split)",
    "scoring.split": "{where}: split needs the NS side's and EW side's score_ns",
    "scoring.mp_override": "{where}: mp_override must be [ns, ew] matchpoints",
    "scoring.fouled": "{where}: fouled must be true, false or a version number",
    "scoring.fault_form": "{where}: fault must look like {{\"ns\": \"none\", \"ew\": ...}}",
    "scoring.fault": "{where}: fault must be none, partly or responsible",
    "scoring.declarer": "{where}: {contract} needs a declarer N, E, S or W",
    "scoring.tricks": "{where}: tricks must be 0 to 13, not {tricks}",
    "scoring.score_differs": "{where}: score_ns {given} does not match {contract} by "
                             "{declarer} taking {tricks} tricks ({points})",
    "scoring.weighted": "{where}: weighted needs 1 to {most} outcomes, each with score_ns and "
                        "weight",
    "scoring.weighted_outcome": "{where}: every weighted outcome needs score_ns and weight",
    "scoring.weight": "{where}: weights must be above 0, not {weight}",
    "scoring.weights_total": "{where}: weights must add up to 100%, not {total:g}%",
    "scoring.points": "{where}: {name} must be a bridge score (a multiple of 10), not {value}",
    "scoring.flag": "{where}: {name} must be true or false",
    # a director's ruling (station/session/rulings.py)
    "scoring.ruling_field": "not a ruling field: {fields}",
    "scoring.ruling_needs": "this ruling needs a played result or an adjusted score",
    "scoring.ruling_none": "the ruling gives no result",
}


class ScoringError(SaidError):
    """Input that cannot be scored; the message names the board, the pair and the problem
    (made by `of`: as a key of `SCORING_WORDS` and its values too)."""

    WORDS: ClassVar[dict[str, str]] = SCORING_WORDS


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
