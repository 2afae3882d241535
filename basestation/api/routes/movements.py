"""Changing a section's movement mid-session: a late pair, a pair withdrawing, or a new
movement from a round on. The change is refused (422, nothing changed) when a result already
held would not fit it; otherwise the section's pads log in again for their new rounds."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from basestation.api.deps import Director, StationDep
from basestation.api.responses import MovementChangedOut, SeatedOut
from basestation.scoring.event_formats import MAX_TABLE
from basestation.station.rules.movement_changes import Changed

router = APIRouter(prefix="/api/sections", tags=["sections"], dependencies=[Director])


class LatePairIn(BaseModel):
    from_round: int = Field(default=1, ge=1, le=255)


class WithdrawIn(BaseModel):
    pair: int = Field(ge=1, le=255)
    direction: Literal["NS", "EW"] | None = None
    from_round: int = Field(ge=1, le=255)


class MovementIn(BaseModel):
    movement: str = Field(examples=["mitchell", "howell"])
    tables: int = Field(ge=1, le=MAX_TABLE)
    boards: int = Field(ge=1, le=127)
    phantom: bool = False
    from_round: int = Field(default=1, ge=1, le=255)


def _answer(changed: Changed) -> MovementChangedOut:
    new = changed.movement
    return MovementChangedOut(
        section=changed.section, kind=new.kind, tables=new.tables, boards=new.boards,
        rounds=new.rounds, seated=[SeatedOut(round=s.round, table=s.table,
                                             direction=s.direction, pair=s.pair)
                                   for s in changed.seated])


@router.post("/{section}/late-pair", response_model=MovementChangedOut)
async def late_pair(section: str, body: LatePairIn,
                    station: StationDep) -> MovementChangedOut:
    """Seats a late pair from a round on: in the phantom's place, or (a Mitchell without a
    phantom, before play) at a new top table."""
    return _answer(await station.director.late_pair(section, body.from_round))


@router.post("/{section}/withdraw", response_model=MovementChangedOut)
async def withdraw(section: str, body: WithdrawIn, station: StationDep) -> MovementChangedOut:
    """A pair leaves before a round: its opponents sit out from then on."""
    return _answer(await station.director.withdraw_pair(
        section, body.pair, direction=body.direction, from_round=body.from_round))


@router.put("/{section}/movement", response_model=MovementChangedOut)
async def replace_movement(section: str, body: MovementIn,
                           station: StationDep) -> MovementChangedOut:
    """A new movement from a round on; the rounds before it stay as they were played."""
    return _answer(await station.director.replace_movement(
        section, body.movement, body.tables, body.boards, phantom=body.phantom,
        from_round=body.from_round))
