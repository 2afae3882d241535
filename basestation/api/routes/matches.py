"""Teams and Swiss events: the matches of every round, live IMPs and VPs, the standings, and
the director's early close of a Swiss round (its next round drawn now)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel

from basestation.api.deps import Director, ResultsReader, StationDep
from basestation.scoring.event_formats import PAIRS
from basestation.station.views.match_shapes import MatchesOut, matches_json

router = APIRouter(prefix="/api", tags=["matches"])


class DrawnOut(BaseModel):
    section: str
    round: int


@router.get("/matches", response_model=MatchesOut, dependencies=[ResultsReader])
async def matches(station: StationDep) -> MatchesOut:
    """Who plays whom in each round, each match's IMPs and VPs so far, and the standings:
    VPs, then Swiss points, then IMPs (club-directors-manual.txt, "Swiss Teams"). A pairs
    event has no matches."""
    session = station.session
    if session.event_format == PAIRS:
        return MatchesOut(format=PAIRS, rounds=0, sections=[])
    return matches_json(session)


@router.post("/sections/{section}/draw", response_model=DrawnOut, dependencies=[Director])
async def draw(section: str, station: StationDep) -> DrawnOut:
    """The director closes a Swiss round before every board is in: the next round is drawn
    from the standings now and sent to the pads (they log in again for it)."""
    drawn = await station.director.draw_round(section)
    return DrawnOut(section=section, round=drawn)
