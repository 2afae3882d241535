"""Teams and Swiss events: the matches of every round, live IMPs and VPs, the standings, and
the director's early close of a Swiss round (its next round drawn now)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from basestation.api.deps import Director, ResultsReader, StationDep
from basestation.scoring.event_formats import PAIRS
from basestation.station.views.match_shapes import matches_json

router = APIRouter(prefix="/api", tags=["matches"])


class MatchOut(BaseModel):
    round: int  # of its first table
    rounds: list[int]  # each table's round (an American Whist plays its halves apart)
    tables: list[int]
    a: int  # North-South at the first table
    b: int
    boards: list[int]
    compared: int  # boards in at both tables (teams) or in at the table (Swiss pairs)
    finished: bool
    imps_a: int
    imps_b: int
    vp_a: float | None  # None until a board is compared
    vp_b: float | None
    imp_penalty_a: int = 0  # IMPs the director took off each side in this match
    imp_penalty_b: int = 0


class StandingOut(BaseModel):
    rank: int
    entrant: int
    vps: float
    swiss_points: float
    imps: int
    vp_penalty: float = 0  # VPs the director took off (already out of `vps`)


class SectionMatchesOut(BaseModel):
    section: str
    rounds_drawn: int
    current_round: int
    matches: list[MatchOut]
    standings: list[StandingOut]


class MatchesOut(BaseModel):
    format: str
    rounds: int
    sections: list[SectionMatchesOut]


class DrawnOut(BaseModel):
    section: str
    round: int


@router.get("/matches", response_model=MatchesOut, dependencies=[ResultsReader])
async def matches(station: StationDep) -> dict[str, Any]:
    """Who plays whom in each round, each match's IMPs and VPs so far, and the standings:
    VPs, then Swiss points, then IMPs (club-directors-manual.txt, "Swiss Teams"). A pairs
    event has no matches."""
    session = station.session
    if session.event_format == PAIRS:
        return {"format": PAIRS, "rounds": 0, "sections": []}
    return matches_json(session)


@router.post("/sections/{section}/draw", response_model=DrawnOut, dependencies=[Director])
async def draw(section: str, station: StationDep) -> DrawnOut:
    """The director closes a Swiss round before every board is in: the next round is drawn
    from the standings now and sent to the pads (they log in again for it)."""
    drawn = await station.director.draw_round(section)
    return DrawnOut(section=section, round=drawn)
