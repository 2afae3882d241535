"""Sections: the movement with its balance report, closing a round, hand records."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from pydantic import BaseModel, Field

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.limits import upload
from basestation.api.responses import (
    DealsOut,
    HandRecordsLoadedOut,
    MovementOut,
    RoundClosedOut,
    SectionOut,
)
from basestation.formats.handrecords import HandRecordError, parse_hand_records
from basestation.movements import check
from basestation.station.app import Station
from basestation.station.refusals import Invalid, NotFound, said
from basestation.station.session.memory import SectionState

router = APIRouter(prefix="/api/sections", tags=["sections"])


def section_of(station: Station, letter: str) -> SectionState:
    state = station.session.sections.get(letter.upper())
    if state is None:
        raise NotFound("section.not_found", section=letter)
    return state


@router.get("", response_model=list[SectionOut])
async def sections(read: ReadDep) -> list[SectionOut]:
    return read.sections()


@router.get("/{section}/movement", response_model=MovementOut)
async def movement(section: str, station: StationDep) -> MovementOut:
    """The movement (who plays whom on which boards) and its balance report."""
    state = section_of(station, section)
    report = check(state.movement)
    return MovementOut(section=state.letter, movement=state.movement.to_json(),
                       balanced=report.ok, balance_report=report.summary())


@router.post("/{section}/close-round", dependencies=[Director], response_model=RoundClosedOut)
async def close_round(section: str, station: StationDep) -> RoundClosedOut:
    """Moves the section on to the next round; boards still missing turn red on the grid."""
    letter = section.upper()
    round_ = await station.director.close_round(letter)
    return RoundClosedOut(section=letter, current_round=round_)


@router.get("/{section}/hand-records", dependencies=[Director], response_model=DealsOut)
async def hand_records(section: str, station: StationDep) -> DealsOut:
    """The deals (PBN), for the director only: pads see a deal only after playing it."""
    state = section_of(station, section)
    deals = {board: text for (letter, board), text in station.session.deal_text.items()
             if letter == state.letter}
    return DealsOut(section=state.letter, deals=dict(sorted(deals.items())))


class HandRecordsIn(BaseModel):
    pbn: str = Field(min_length=1, max_length=2_000_000)


@router.put("/{section}/hand-records", dependencies=[Director],
            response_model=HandRecordsLoadedOut)
@upload
async def put_hand_records(section: str, body: HandRecordsIn,
                           station: StationDep) -> HandRecordsLoadedOut:
    """Loads hand records from PBN text; they replace the section's deals for those boards."""
    state = section_of(station, section)
    try:  # on a worker thread: a large file must not hold up the pads' answers
        deals = await asyncio.to_thread(parse_hand_records, body.pbn)
    except HandRecordError as exc:
        raise Invalid("hand_records.invalid", problem=said(exc)) from exc
    boards = await station.director.set_hand_records(state.letter, deals)
    # Boards the section does not have (a set of 36 deals for 28 boards, say) are skipped.
    return HandRecordsLoadedOut(section=state.letter, boards=boards,
                                ignored=sorted(set(deals) - set(boards)))
