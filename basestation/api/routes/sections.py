"""Sections: the movement with its balance report, a late pair, closing a round, hand
records."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from basestation.api.actions import act
from basestation.api.deps import Director, StationDep
from basestation.formats.handrecords import HandRecordError, parse_hand_records
from basestation.movements import Movement, MovementError, check, fit_late_pair, missing_pair
from basestation.station.app import Station
from basestation.station.state import SectionState

router = APIRouter(prefix="/api/sections", tags=["sections"])


def section_of(station: Station, letter: str) -> SectionState:
    state = station.rules.sections.get(letter.upper())
    if state is None:
        raise HTTPException(404, f"no section {letter}")
    return state


@router.get("")
def sections(station: StationDep) -> list[dict[str, Any]]:
    return [{"letter": s.letter, "tables": s.movement.tables, "boards": s.movement.boards,
             "rounds": s.movement.rounds, "current_round": s.current_round}
            for s in station.rules.sections.values()]


@router.get("/{section}/movement")
def movement(section: str, station: StationDep) -> dict[str, Any]:
    """The movement (who plays whom on which boards) and its balance report."""
    state = section_of(station, section)
    report = check(state.movement)
    return {"section": state.letter, "movement": state.movement.to_json(),
            "balanced": report.ok, "balance_report": report.summary()}


class LatePairIn(BaseModel):
    from_round: int = Field(default=1, ge=1, le=255)


@router.post("/{section}/late-pair", dependencies=[Director])
async def late_pair(section: str, body: LatePairIn, station: StationDep) -> dict[str, Any]:
    """Seats a late pair from a round on: in the phantom's place, or (a Mitchell without a
    phantom, before play) at a new top table. The section's pads log in again."""
    state = section_of(station, section)
    old = state.movement
    if missing_pair(old) is None and state.held_count:
        raise HTTPException(422, "play has started and this movement has no phantom: a late "
                                 "pair could only join by adding a table before round 1")
    try:
        new = fit_late_pair(old, body.from_round)
    except MovementError as exc:
        raise HTTPException(422, str(exc)) from exc
    # A result already held that the new movement does not have: 422, nothing changes.
    await act(station, lambda batch: station.rules.change_movement(
        state.letter, new, batch, why=f"late pair from round {body.from_round}"))
    return {"section": state.letter, "from_round": body.from_round,
            "seated": _seated(old, new, body.from_round), "tables": new.tables,
            "boards": new.boards, "rounds": new.rounds}


def _seated(old: Movement, new: Movement, round_: int) -> list[dict[str, Any]]:
    """Where the pairs the new movement adds sit in `round_`: the late pair's table card."""
    before = set(old.pair_keys())
    seats = []
    for assignment in new.assignments:
        if assignment.round != round_:
            continue
        for direction, pair in (("NS", assignment.ns), ("EW", assignment.ew)):
            if pair is not None and new.pair_key(pair, direction) not in before:
                seats.append({"table": assignment.table, "direction": direction, "pair": pair})
    return seats


@router.post("/{section}/close-round", dependencies=[Director])
async def close_round(section: str, station: StationDep) -> dict[str, Any]:
    """Moves the section on to the next round; boards still missing turn red on the grid."""
    letter = section.upper()
    round_ = await act(station, lambda batch: station.rules.close_round(letter, batch))
    return {"section": letter, "current_round": round_}


@router.get("/{section}/hand-records", dependencies=[Director])
def hand_records(section: str, station: StationDep) -> dict[str, Any]:
    """The deals (PBN), for the director only: pads see a deal only after playing it."""
    state = section_of(station, section)
    deals = {board: text for (letter, board), text in station.rules.deal_text.items()
             if letter == state.letter}
    return {"section": state.letter, "deals": dict(sorted(deals.items()))}


class HandRecordsIn(BaseModel):
    pbn: str = Field(min_length=1, max_length=2_000_000)


@router.put("/{section}/hand-records", dependencies=[Director])
async def put_hand_records(section: str, body: HandRecordsIn,
                           station: StationDep) -> dict[str, Any]:
    """Loads hand records from PBN text; they replace the section's deals for those boards."""
    state = section_of(station, section)
    try:
        deals = parse_hand_records(body.pbn)
    except HandRecordError as exc:
        raise HTTPException(422, str(exc)) from exc
    boards = await act(station,
                       lambda batch: station.rules.set_hand_records(state.letter, deals, batch))
    # Boards the section does not have (a set of 36 deals for 28 boards, say) are skipped.
    return {"section": state.letter, "boards": boards,
            "ignored": sorted(set(deals) - set(boards))}
