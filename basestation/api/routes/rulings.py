"""The director's rulings: adjusted scores on a board, and penalties off a pair's total (or,
in a teams or Swiss event, VPs off a total and IMPs off a match)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, status
from pydantic import AfterValidator, BaseModel, Field, model_validator

from basestation.api.deps import Director, StationDep
from basestation.api.responses import HeldOut, MatchPenaltyOut, PenaltyOut, RemovedOut
from basestation.api.routes.results import PLACE, PlaceDep
from basestation.api.routes.sections import section_of
from basestation.api.views import held_json
from basestation.domain.contract import possible_scores
from basestation.scoring.penalties import MatchPenalty
from basestation.scoring.traveller import Penalty
from basestation.station.refusals import Invalid

router = APIRouter(prefix="/api", tags=["rulings"])

Fault = Literal["none", "partly", "responsible"]


def bridge_score(score: int) -> int:
    if score not in possible_scores():
        raise ValueError(f"{score} is not a score a board can have (e.g. 420, -50, 110)")
    return score


BridgeScore = Annotated[int, AfterValidator(bridge_score)]


class WeightedLine(BaseModel):
    score_ns: BridgeScore = Field(ge=-7600, le=7600)
    weight: float = Field(gt=0, le=100)


class SplitScore(BaseModel):
    ns: BridgeScore = Field(ge=-7600, le=7600, description="the NS side's score (NS-signed)")
    ew: BridgeScore = Field(ge=-7600, le=7600, description="the EW side's score (NS-signed)")


class RulingIn(BaseModel):
    """One ruling: give an artificial score (`adjusted`: AVE, AVE+, AVE-, AVE+/AVE-, 60/40),
    a `weighted` or `split` score, or modify the played result (`arrowswitch`, `fouled`,
    `mp_override`, `fault`)."""

    adjusted: str | None = Field(default=None, max_length=20, examples=["60/40", "AVE+"])
    weighted: list[WeightedLine] | None = Field(default=None, min_length=1, max_length=10)
    split: SplitScore | None = None
    mp_override: tuple[float, float] | None = None
    arrowswitch: bool = False
    fouled: int = Field(default=0, ge=0, le=9)
    fault_ns: Fault = "none"
    fault_ew: Fault = "none"

    @model_validator(mode="after")
    def one_outcome(self) -> RulingIn:
        given = [x for x in (self.adjusted, self.weighted, self.split) if x is not None]
        if len(given) > 1:
            raise ValueError("give only one of adjusted, weighted or split")
        return self

    def as_ruling(self) -> dict[str, Any]:
        """The traveller file's ruling fields (what the station stores and scores)."""
        ruling: dict[str, Any] = {}
        if self.adjusted is not None:
            ruling["adjusted"] = self.adjusted.strip()
        if self.weighted is not None:
            ruling["weighted"] = [line.model_dump() for line in self.weighted]
        if self.split is not None:
            ruling["split"] = self.split.model_dump()
        if self.mp_override is not None:
            ruling["mp_override"] = list(self.mp_override)
        if self.arrowswitch:
            ruling["arrowswitch"] = True
        if self.fouled:
            ruling["fouled"] = self.fouled
        if (self.fault_ns, self.fault_ew) != ("none", "none"):
            ruling["fault"] = {"ns": self.fault_ns, "ew": self.fault_ew}
        if not ruling:
            raise Invalid("ruling.empty")
        return ruling


@router.post("/sections/{section}" + PLACE + "/ruling", dependencies=[Director],
             response_model=HeldOut)
async def rule(at: PlaceDep, body: RulingIn, station: StationDep) -> HeldOut:
    """An adjusted score or a ruling on the played result; pushed to the table's pad."""
    ruling = body.as_ruling()
    held = await station.director.rule(
        at.section.letter, at.table, at.round, at.board, ruling)
    return held_json(held)


class PenaltyIn(BaseModel):
    section: str = Field(pattern="^[A-Za-z]$")
    pair: int = Field(ge=1, le=255)
    direction: Literal["NS", "EW"] | None = None
    percent: float = Field(gt=0, le=100, description="percentage of a top")
    board: int | None = Field(default=None, ge=1, le=255)


def penalty_out(row_id: int | None, penalty: Penalty) -> PenaltyOut:
    return PenaltyOut(id=row_id, section=penalty.section, pair=penalty.pair,
                      direction=penalty.direction, percent=penalty.percent, board=penalty.board)


@router.get("/penalties", response_model=list[PenaltyOut])
async def penalties(station: StationDep) -> list[PenaltyOut]:
    return [penalty_out(p.row_id, p.penalty) for p in station.session.penalties]


@router.post("/penalties", dependencies=[Director], status_code=status.HTTP_201_CREATED,
             response_model=PenaltyOut)
async def add_penalty(body: PenaltyIn, station: StationDep) -> PenaltyOut:
    """A procedural or disciplinary penalty (a percentage of a top off the session total)."""
    state = section_of(station, body.section)
    penalty = Penalty(pair=body.pair, direction=body.direction, percent=body.percent,
                      board=body.board, section=state.letter)
    held = await station.director.add_penalty(penalty)
    return penalty_out(held.row_id, held.penalty)


class MatchPenaltyIn(BaseModel):
    """A teams or Swiss event's penalty: `vps` off the entrant's total, or `imps` off its
    score in `round`'s match (which changes that match's VPs)."""

    section: str = Field(pattern="^[A-Za-z]$")
    entrant: int = Field(ge=1, le=255, description="the team, or the pair in Swiss pairs")
    vps: float | None = Field(default=None, gt=0, le=20, examples=[2])
    imps: int | None = Field(default=None, gt=0, le=60, examples=[3])
    round: int | None = Field(default=None, ge=1, le=255)

    @model_validator(mode="after")
    def one_amount(self) -> MatchPenaltyIn:
        if (self.vps is None) == (self.imps is None):
            raise ValueError("give the penalty in VPs or in IMPs (one of them)")
        if self.imps is not None and self.round is None:
            raise ValueError("say which round's match the IMPs come off")
        if self.vps is not None and self.round is not None:
            raise ValueError("a VP penalty comes off the total, not a round: leave the round "
                             "out")
        return self


def match_penalty_out(row_id: int | None, penalty: MatchPenalty) -> MatchPenaltyOut:
    return MatchPenaltyOut(id=row_id, section=penalty.section, entrant=penalty.entrant,
                           vps=penalty.vps or None, imps=penalty.imps or None,
                           round=penalty.round)


@router.get("/match-penalties", response_model=list[MatchPenaltyOut])
async def match_penalties(station: StationDep) -> list[MatchPenaltyOut]:
    return [match_penalty_out(p.row_id, p.penalty) for p in station.session.match_penalties]


@router.post("/match-penalties", dependencies=[Director], status_code=status.HTTP_201_CREATED,
             response_model=MatchPenaltyOut)
async def add_match_penalty(body: MatchPenaltyIn, station: StationDep) -> MatchPenaltyOut:
    """A VP or IMP penalty in a teams or Swiss event; refused in a pairs event."""
    state = section_of(station, body.section)
    penalty = MatchPenalty(section=state.letter, entrant=body.entrant, vps=body.vps or 0.0,
                           imps=body.imps or 0, round=body.round)
    held = await station.director.add_match_penalty(penalty)
    return match_penalty_out(held.row_id, held.penalty)


@router.delete("/penalties/{penalty_id}", dependencies=[Director], response_model=RemovedOut)
async def remove_penalty(penalty_id: int, station: StationDep) -> RemovedOut:
    await station.director.remove_penalty(penalty_id)
    return RemovedOut(removed=penalty_id)
