"""Changing a section's movement mid-session: a late pair, a pair withdrawing, or a new
movement from a round on. The change is refused (422, nothing changed) when a result already
held would not fit it; otherwise the section's pads log in again for their new rounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from basestation.api.actions import act
from basestation.api.deps import Director, StationDep
from basestation.api.responses import MovementChangedOut
from basestation.api.routes.sections import section_of
from basestation.movements import (
    KINDS,
    Movement,
    MovementError,
    continue_with,
    fit_late_pair,
    generate,
    missing_pair,
    withdraw_pair,
)
from basestation.station.app import Station
from basestation.station.matches import MAX_TABLE
from basestation.station.state import SectionState

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


async def _change(station: Station, state: SectionState, new: Movement,
                  why: str) -> dict[str, Any]:
    old = state.movement
    await act(station, lambda batch: station.rules.change_movement(
        state.letter, new, batch, why=why))
    return {"section": state.letter, "kind": new.kind, "tables": new.tables,
            "boards": new.boards, "rounds": new.rounds, "seated": _seated(old, new)}


def _seated(old: Movement, new: Movement) -> list[dict[str, Any]]:
    """Pairs the new movement has that the old one did not, where they sit first."""
    before = set(old.pair_keys())
    seats: dict[tuple[str | None, int], dict[str, Any]] = {}
    for a in sorted(new.assignments, key=lambda a: (a.round, a.table)):
        for direction, pair in (("NS", a.ns), ("EW", a.ew)):
            key = new.pair_key(pair, direction) if pair is not None else None
            if key is not None and key not in before and key not in seats:
                seats[key] = {"round": a.round, "table": a.table, "direction": direction,
                              "pair": pair}
    return list(seats.values())


def _movement(make: Callable[[], Movement]) -> Movement:
    """The movement `make` builds, or a 422 saying why it cannot be."""
    try:
        return make()
    except MovementError as exc:
        raise HTTPException(422, str(exc)) from exc


@router.post("/{section}/late-pair", response_model=MovementChangedOut)
async def late_pair(section: str, body: LatePairIn, station: StationDep) -> dict[str, Any]:
    """Seats a late pair from a round on: in the phantom's place, or (a Mitchell without a
    phantom, before play) at a new top table."""
    state = section_of(station, section)
    if missing_pair(state.movement) is None and state.held_count:
        raise HTTPException(422, "play has started and this movement has no phantom: a late "
                                 "pair could only join by adding a table before round 1")
    new = _movement(lambda: fit_late_pair(state.movement, body.from_round))
    return await _change(station, state, new, f"late pair from round {body.from_round}")


@router.post("/{section}/withdraw", response_model=MovementChangedOut)
async def withdraw(section: str, body: WithdrawIn, station: StationDep) -> dict[str, Any]:
    """A pair leaves before a round: its opponents sit out from then on."""
    state = section_of(station, section)
    new = _movement(lambda: withdraw_pair(state.movement, body.pair, body.direction,
                                          body.from_round))
    side = f" {body.direction}" if body.direction else ""
    return await _change(station, state, new,
                         f"pair {body.pair}{side} withdrawn from round {body.from_round}")


@router.put("/{section}/movement", response_model=MovementChangedOut)
async def replace_movement(section: str, body: MovementIn,
                           station: StationDep) -> dict[str, Any]:
    """A new movement from a round on; the rounds before it stay as they were played."""
    state = section_of(station, section)
    if body.movement not in KINDS:
        raise HTTPException(422, f"movement must be one of {', '.join(sorted(KINDS))}")
    new = _movement(lambda: continue_with(
        state.movement, generate(body.movement, body.tables, body.boards, phantom=body.phantom),
        body.from_round))
    return await _change(station, state, new,
                         f"{body.movement} {body.tables} tables {body.boards} boards from "
                         f"round {body.from_round}")
