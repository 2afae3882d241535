"""The club's player list: numbers the pads enter, names the results show. Kept across
events; imported from and exported to CSV; visitors added by name."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field

from basestation.api.deps import Director, StationDep
from basestation.api.limits import upload
from basestation.api.responses import PlayerOut, PlayersCountOut
from basestation.formats.players import (
    MAX_HANDICAP,
    PlayerListError,
    parse_player_list,
    players_csv,
)
from basestation.station.refusals import Invalid, said
from basestation.station.session.seating import VISITOR_BASE

router = APIRouter(prefix="/api/players", tags=["players"])


class PlayerIn(BaseModel):
    number: int = Field(ge=1, le=10_000_000)
    name: str = Field(min_length=1, max_length=100)
    handicap: float | None = Field(default=None, ge=-MAX_HANDICAP, le=MAX_HANDICAP,
                                   description="percentage points for handicap events; "
                                               "null: none; left out: kept as it is")


class PlayerListIn(BaseModel):
    csv: str = Field(min_length=1, max_length=2_000_000,
                     description="number,name[,national number] per line; a header is skipped")


class PlayersStored(BaseModel):
    stored: int
    players: int


class VisitorIn(BaseModel):
    name: str = Field(min_length=1, max_length=100)


@router.get("", dependencies=[Director], response_model=list[PlayerOut],
            response_model_exclude_none=True)
async def players(station: StationDep) -> list[PlayerOut]:
    """The club's whole list: the director's (results and the pads name only who plays)."""
    session = station.session
    return [PlayerOut(number=n, name=name, national=session.national.get(n),
                      handicap=session.handicaps.get(n))
            for n, name in sorted(session.players.items())]


@router.put("", dependencies=[Director], response_model=PlayersCountOut)
@upload
async def put_players(body: list[PlayerIn], station: StationDep) -> PlayersCountOut:
    """Adds or renames players, and sets the handicaps given (a player's handicap left out
    is kept); numbers not given are kept."""
    named = {p.number: p.name for p in body}
    handicaps = {p.number: p.handicap for p in body if "handicap" in p.model_fields_set}
    return PlayersCountOut(players=await station.director.set_players(named, None, handicaps))


@router.post("/csv", dependencies=[Director])
@upload
async def import_players(body: PlayerListIn, station: StationDep) -> PlayersStored:
    """Stores a CSV list: added, renamed, national numbers set. A bad line refuses the
    whole file (the answer names the line) and nothing of it is stored."""
    try:
        listed = await asyncio.to_thread(parse_player_list, body.csv)  # off the pads' loop
    except PlayerListError as exc:
        raise Invalid("players.invalid", problem=said(exc)) from exc
    kept = [n for n in listed if n > VISITOR_BASE]
    if kept:
        raise Invalid("players.visitor_numbers", number=kept[0], base=VISITOR_BASE)
    names = {n: p.name for n, p in listed.items()}
    national = {n: p.national for n, p in listed.items()}
    # A handicap column sets the handicaps it gives; an empty cell, or no column, keeps them.
    handicaps = {n: p.handicap for n, p in listed.items() if p.handicap is not None}
    players = await station.director.set_players(names, national, handicaps)
    return PlayersStored(stored=len(listed), players=players)


@router.get("/csv", dependencies=[Director], response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
async def export_players(station: StationDep) -> Response:
    """The whole list as CSV (number, name, national number, handicap), as the import
    reads it."""
    text = players_csv(station.session.players, station.session.national,
                       station.session.handicaps)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": 'attachment; filename="players.csv"'})


@router.post("/visitors", dependencies=[Director], status_code=201)
async def add_visitor(body: VisitorIn, station: StationDep) -> PlayerOut:
    """A visitor added by name; the station gives the number (from 9000001 up). A visitor
    of that name already added keeps its number."""
    number = await station.director.add_visitor(body.name)
    return PlayerOut(number=number, name=station.session.players[number])
