"""Results: list them, and the director's correct, erase, not played, late play and moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field, model_validator

from basestation.api.deps import Director, ReadDep, ResultsReader, StationDep
from basestation.api.responses import CellDetailOut, EnteredOut, ErasedOut, HeldOut
from basestation.api.routes.sections import section_of
from basestation.api.views import entered_sentence, held_json
from basestation.domain.cards import CardError, parse_card
from basestation.domain.contract import ContractError, parse_contract
from basestation.station.refusals import NotFound
from basestation.station.session.memory import SectionState
from basestation.station.session.rulings import stored_text
from firmware_protocol.messages import NotPlayed, Result, Seat

router = APIRouter(prefix="/api/sections/{section}", tags=["results"])
PLACE = "/tables/{table}/rounds/{round}/boards/{board}"
Small = Annotated[int, Path(ge=1, le=255)]


@router.get("/results", dependencies=[ResultsReader], response_model=list[HeldOut])
async def results(section: str, station: StationDep, table: int | None = None,
            round: Annotated[int | None, Query()] = None,
            board: int | None = None) -> list[HeldOut]:
    state = section_of(station, section)
    return [held_json(h) for h in sorted(state.all_results(),
                                         key=lambda h: (h.round, h.table, h.board))
            if table in (None, h.table) and round in (None, h.round) and board in (None, h.board)]


@router.get("/tables/{table}/rounds/{round}", dependencies=[ResultsReader],
            response_model=CellDetailOut)
async def cell(section: str, table: Small, round: Small, station: StationDep,
               read: ReadDep) -> CellDetailOut:
    """One grid cell: who plays, the boards, what is held and every earlier entry."""
    state = section_of(station, section)
    assignment = state.movement.at(round, table)
    if assignment is None:
        return CellDetailOut(section=state.letter, table=table, round=round, sit_out=True,
                             boards=[])
    boards = []
    event_id = station.session.event_id
    for board in assignment.boards:
        held = state.held(table, round, board)
        held_json_now = held_json(held) if held else None  # before the await: memory
        history = await read.stored(station.store.history, event_id, state.letter, table,
                                    round, board) if event_id is not None else []
        boards.append({"board": board, "held": held_json_now,
                       "history": [{"kind": r.kind, "contract": r.contract,
                                    "declarer": r.declarer, "tricks": r.tricks, "lead": r.lead,
                                    "adjusted": stored_text(r.ruling), "score_ns": r.score_ns,
                                    "status": r.status, "source": r.source,
                                    "at": r.created_at.isoformat()} for r in history]})
    return CellDetailOut.model_validate({
        "section": state.letter, "table": table, "round": round, "sit_out": False,
        "ns": assignment.ns, "ew": assignment.ew, "boards": boards})


def pairs_at(state: SectionState, table: int, round_: int, board: int) -> tuple[int, int]:
    """The pairs for an entry: what is held, else what the movement says."""
    held = state.held(table, round_, board)
    if held is not None and held.ns is not None and held.ew is not None:
        return held.ns, held.ew
    assignment = state.movement.at(round_, table)
    if assignment is None or board not in assignment.boards or assignment.ns is None \
            or assignment.ew is None:
        raise NotFound("board.not_played", board=board, table=table, round=round_)
    return assignment.ns, assignment.ew


@dataclass(frozen=True)
class Place:
    """One board at one table in one round, from the path."""

    section: SectionState
    table: int
    round: int
    board: int

    @property
    def pairs(self) -> tuple[int, int]:
        return pairs_at(self.section, self.table, self.round, self.board)


async def board_place(section: str, table: Small, round: Small, board: Small,
                station: StationDep) -> Place:
    return Place(section_of(station, section), table, round, board)


PlaceDep = Annotated[Place, Depends(board_place)]


class ResultIn(BaseModel):
    contract: str = Field(min_length=1, max_length=8, examples=["4SX", "3NT", "PASS"])
    declarer: Literal["N", "E", "S", "W"] | None = None
    tricks: int | None = Field(default=None, ge=0, le=13)
    lead: str | None = Field(default=None, max_length=3)

    @model_validator(mode="after")
    def playable(self) -> ResultIn:
        """What a director can mistype, said plainly (the station checks the rest)."""
        try:
            contract = parse_contract(self.contract)
        except ContractError:
            raise ValueError(f"{self.contract} is not a contract: give a level from 1 to 7 "
                             "and a strain (C, D, H, S or NT), with X or XX if doubled, "
                             "or PASS") from None
        if contract.passed_out:
            return self
        if self.declarer is None:
            raise ValueError(f"{contract} needs its declarer (N, E, S or W)")
        if self.tricks is None:
            raise ValueError(f"{contract} needs the number of tricks declarer took (0 to 13)")
        if self.lead:
            try:
                parse_card(self.lead)
            except CardError:
                raise ValueError(f"{self.lead} is not a card: the lead is a suit and a rank, "
                                 "e.g. HK, D10 or DT") from None
        return self


@router.put(PLACE, dependencies=[Director], response_model=EnteredOut)
async def enter_result(at: PlaceDep, body: ResultIn, station: StationDep) -> EnteredOut:
    """The director's result: a correction, or a late play; pushed to the table's pad. The
    answer says in a sentence what is held now, with the checks a pad's entry gets."""
    ns, ew = at.pairs
    entry = Result(section=at.section.letter, table=at.table, round=at.round, board=at.board,
                   ns=ns, ew=ew,
                   contract=body.contract, declarer=Seat(body.declarer) if body.declarer else None,
                   tricks=body.tricks, lead=body.lead or None)
    held = await station.director.enter(entry)
    return EnteredOut.model_validate(held_json(held).model_dump()
                                     | {"done": entered_sentence(held)})


def not_played_at(at: Place) -> NotPlayed:
    ns, ew = at.pairs
    return NotPlayed(section=at.section.letter, table=at.table, round=at.round, board=at.board,
                     ns=ns, ew=ew)


@router.delete(PLACE, dependencies=[Director], response_model=ErasedOut)
async def erase(at: PlaceDep, station: StationDep) -> ErasedOut:
    """Erases the held result (e.g. entered under the wrong board); the pad is told."""
    entry = not_played_at(at)
    await station.director.erase(entry)
    return ErasedOut(erased=True)


@router.post(PLACE + "/not-played", dependencies=[Director], response_model=HeldOut)
async def not_played(at: PlaceDep, station: StationDep) -> HeldOut:
    """Not played: late play to come, or an adjusted score later. Hides the traveller."""
    entry = not_played_at(at)
    held = await station.director.enter(entry)
    return held_json(held)


class MoveIn(BaseModel):
    to_board: int | None = Field(default=None, ge=1, le=255)
    ns: int | None = Field(default=None, ge=1, le=255)
    ew: int | None = Field(default=None, ge=1, le=255)


@router.post(PLACE + "/move", dependencies=[Director], response_model=HeldOut)
async def move(at: PlaceDep, body: MoveIn, station: StationDep) -> HeldOut:
    """Puts a result entered under the wrong board number or the wrong pairs right."""
    held = await station.director.move_result(
        at.section.letter, at.table, at.round, at.board, to_board=body.to_board,
        ns=body.ns, ew=body.ew)
    return held_json(held)
