"""Rankings per field, travellers with matchpoints, and personal score cards."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path

from basestation.api.deps import ReadDep, ResultsReader, StationDep
from basestation.api.responses import RankingOut, ScorecardOut, TravellerOut
from basestation.api.routes.sections import section_of
from basestation.api.views import rankings_json, scorecard, scored_boards, traveller_json
from basestation.station.refusals import NotFound

router = APIRouter(prefix="/api", tags=["scores"], dependencies=[ResultsReader])


@router.get("/rankings", response_model=list[RankingOut])
async def rankings(station: StationDep, read: ReadDep) -> list[RankingOut]:
    """Every pair's total, percentage and rank, within its field (section and direction).
    Each row names its event (the station's event number, as pads hold it in protocol version
    2), so a table pad still in an earlier event shows none of them."""
    event_id = station.session.event_id
    seatings = await read.stored(station.store.seatings, event_id) \
        if event_id is not None and station.session.players else []
    return [row.model_copy(update={"event": event_id})
            for row in rankings_json(station.session, seatings)]


@router.get("/travellers", response_model=list[TravellerOut])
async def travellers(station: StationDep) -> list[TravellerOut]:
    """Every board with results, scored: the travellers with matchpoints."""
    return [traveller_json(station.session, scored) for scored in scored_boards(station.session)]


@router.get("/sections/{section}/boards/{board}/traveller", response_model=TravellerOut)
async def traveller(section: str, board: Annotated[int, Path(ge=1, le=255)],
              station: StationDep) -> TravellerOut:
    state = section_of(station, section)
    for scored in scored_boards(station.session):
        if (scored.section, scored.board) == (state.letter, board):
            return traveller_json(station.session, scored)
    raise NotFound("board.no_results", board=board, section=state.letter)


@router.get("/sections/{section}/pairs/{pair}/scorecard", response_model=ScorecardOut)
async def personal_scorecard(section: str, pair: Annotated[int, Path(ge=1, le=255)],
                       station: StationDep,
                       direction: Literal["NS", "EW"] | None = None) -> ScorecardOut:
    """A pair's personal score card: each board, the opponents, score and matchpoints."""
    state = section_of(station, section)
    return ScorecardOut.model_validate({
        "section": state.letter, "pair": pair, "direction": direction,
        "boards": scorecard(station.session, state.letter, pair, direction)})
