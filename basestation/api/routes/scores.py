"""Rankings per field, travellers with matchpoints, and personal score cards."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, HTTPException, Path

from basestation.api.deps import ReadDep, ResultsReader, StationDep
from basestation.api.responses import RankingOut, ScorecardOut, TravellerOut
from basestation.api.routes.sections import section_of
from basestation.api.views import ranking, scorecard, scored_boards, traveller_json
from basestation.store.models import SeatingRow

router = APIRouter(prefix="/api", tags=["scores"], dependencies=[ResultsReader])


@router.get("/rankings", response_model=list[RankingOut])
async def rankings(station: StationDep, read: ReadDep) -> list[dict[str, Any]]:
    """Every pair's total, percentage and rank, within its field (section and direction)."""
    names = station.rules.players
    event_id = station.rules.event_id
    seatings = await read.stored(station.store.seatings, event_id) \
        if event_id is not None and names else []
    rows = []
    for entry in ranking(station):
        rows.append({**entry.to_json(), "section": entry.section,
                     "names": _pair_names(station, entry.section, entry.pair, entry.direction,
                                          names=names, seatings=seatings)})
    return rows


def _pair_names(station: StationDep, section: str, pair: int, direction: str | None, *,
                names: dict[int, str], seatings: list[SeatingRow]) -> str:
    """The names entered at the pair's first table, if the players gave their numbers."""
    # Not per call in a hot path: rankings are read by people, a few times a session.
    for seat in seatings:
        if seat.section != section:
            continue
        state = station.rules.sections.get(section)
        assignment = state.movement.at(seat.round, seat.table_no) if state else None
        if assignment is None:
            continue
        if assignment.ns == pair and direction in (None, "NS"):
            return " & ".join(names.get(n, "?") for n in (seat.north, seat.south))
        if assignment.ew == pair and direction in (None, "EW"):
            return " & ".join(names.get(n, "?") for n in (seat.east, seat.west))
    return ""


@router.get("/travellers", response_model=list[TravellerOut])
async def travellers(station: StationDep) -> list[dict[str, Any]]:
    """Every board with results, scored: the travellers with matchpoints."""
    return [traveller_json(station, scored) for scored in scored_boards(station)]


@router.get("/sections/{section}/boards/{board}/traveller", response_model=TravellerOut)
async def traveller(section: str, board: Annotated[int, Path(ge=1, le=255)],
              station: StationDep) -> dict[str, Any]:
    state = section_of(station, section)
    for scored in scored_boards(station):
        if (scored.section, scored.board) == (state.letter, board):
            return traveller_json(station, scored)
    raise HTTPException(404, f"no results yet on board {board} in section {state.letter}")


@router.get("/sections/{section}/pairs/{pair}/scorecard", response_model=ScorecardOut)
async def personal_scorecard(section: str, pair: Annotated[int, Path(ge=1, le=255)],
                       station: StationDep,
                       direction: Literal["NS", "EW"] | None = None) -> dict[str, Any]:
    """A pair's personal score card: each board, the opponents, score and matchpoints."""
    state = section_of(station, section)
    return {"section": state.letter, "pair": pair, "direction": direction,
            "boards": scorecard(station, state.letter, pair, direction)}
