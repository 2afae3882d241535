"""Who plays for each pair or team of the open event: read by the grid and set-up pages
once the director is logged in, set by the director at set-up or from the console at any
time (station.director_seats)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from basestation.api.deps import Director, StationDep
from basestation.api.views import player_names
from basestation.station.rules.director_seats import Seated, players_wanted
from basestation.station.session.state import SessionState

router = APIRouter(prefix="/api/seats", tags=["players"])


class SeatedPlayerOut(BaseModel):
    number: int  # 0: a player the table gave no number for
    name: str


class EntrantSeatsOut(BaseModel):
    entrant: int
    side: str  # "NS"/"EW": a pair of a two-field pairs movement; "" a pair or team as a whole
    players: list[SeatedPlayerOut]
    names: str  # "" when nobody has said who plays
    pairs: dict[str, str] | None = None  # a team's: the names of its NS and EW pairs


class SectionSeatsOut(BaseModel):
    section: str
    entrant: Literal["pair", "team"]
    sides: list[str]  # the sides a seat may name: ["NS", "EW"], [""] or a team's ["", "NS", "EW"]
    fewest: int  # players a pair or team (as a whole) is seated with
    most: int
    entrants: list[EntrantSeatsOut]


class SeatsOut(BaseModel):
    event: int | None
    format: str
    sections: list[SectionSeatsOut]


class SeatIn(BaseModel):
    """A player: a number on the club's list, or a visitor by name (given a number)."""

    number: int | None = Field(default=None, ge=1, le=10_000_000)
    visitor: str | None = Field(default=None, max_length=100)


class SeatingIn(BaseModel):
    players: list[SeatIn] = Field(max_length=12, description=(
        "in seat order: a pair's two (North or East first), a team's 4 to 6 (the first two "
        "play NS at home, the next two EW)"))
    side: Literal["NS", "EW", ""] | None = Field(default=None, description=(
        "NS or EW: a pair of a two-field movement, or one of a team's two pairs"))


def _player(session: SessionState, number: int) -> SeatedPlayerOut:
    name = session.players.get(number, f"player {number}") if number else "not given"
    return SeatedPlayerOut(number=number, name=name)


def entrant_seats(session: SessionState, section: str, entrant: int,
                  side: str) -> EntrantSeatsOut:
    numbers = session.seats.of(section, entrant, side or None)
    pairs = {s: player_names(session, session.seats.of(section, entrant, s))
             for s in ("NS", "EW")} if session.team_event else None
    return EntrantSeatsOut(entrant=entrant, side=side,
                           players=[_player(session, n) for n in numbers],
                           names=player_names(session, numbers), pairs=pairs)


def seats_out(session: SessionState) -> SeatsOut:
    sections = []
    for letter, state in session.sections.items():
        fields = state.movement.pairs()
        if session.team_event:
            places = [(n, "") for n in sorted({n for ns in fields.values() for n in ns})]
            sides = ["", "NS", "EW"]
        else:
            places = [(n, "" if name == "ALL" else name)
                      for name, numbers in fields.items() for n in numbers]
            sides = [""] if "ALL" in fields else ["NS", "EW"]
        fewest, most = players_wanted(session, "")
        sections.append(SectionSeatsOut(
            section=letter, entrant="team" if session.team_event else "pair", sides=sides,
            fewest=fewest, most=most,
            entrants=[entrant_seats(session, letter, n, side) for n, side in places]))
    return SeatsOut(event=session.event_id, format=session.event_format, sections=sections)


@router.get("", dependencies=[Director], response_model=SeatsOut)
async def seats(station: StationDep) -> SeatsOut:
    """Every pair or team of the open event with who plays for it (their numbers and names):
    as the director seated it, or as the numbers entered at a table said, the newest holding.
    The director's: the pads get their table's names, the results pages their own."""
    return seats_out(station.session)


@router.put("/{section}/{entrant}", dependencies=[Director], response_model=EntrantSeatsOut)
async def seat(section: Annotated[str, Path(min_length=1, max_length=4)],
               entrant: Annotated[int, Path(ge=1, le=255)], body: SeatingIn,
               station: StationDep) -> EntrantSeatsOut:
    """Seats a pair or team, or changes who plays for it: the pads at the tables where it
    plays now show the new names at once. A visitor given by name joins the club's list with
    a number of their own. Refused, with nothing changed: no open event, no such section, a
    pair or team not in the movement, a number not on the club's list, a player given twice,
    the wrong number of players, a visitor without a name."""
    session = station.session
    letter = section.upper()
    players = [Seated(p.number, p.visitor) for p in body.players]
    await station.director.seat(letter, entrant, body.side, players)
    return entrant_seats(session, letter, entrant, body.side or "")
