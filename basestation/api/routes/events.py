"""Events: the one open now, every one held, and opening a new one."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, status
from pydantic import BaseModel, Field

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import EventOut, PastEventOut
from basestation.movements import KINDS
from basestation.scoring import PRESETS
from basestation.scoring.event_formats import FORMATS, MAX_TABLE
from basestation.station.config import EventScoring, NewEvent, SectionConfig
from basestation.station.refusals import Invalid
from firmware_protocol.enums import AskPlayers, PadPlace, ResultEntry

router = APIRouter(prefix="/api", tags=["events"])


class SectionIn(BaseModel):
    letter: str = Field(pattern="^[A-Z]$")
    movement: str = "mitchell"
    # Up to the pad protocol's table byte: a congress Swiss field of 120 pairs or more. In
    # a teams or Swiss event this counts teams (pairs); pairs movements refuse what they
    # cannot lay out with a sentence of their own.
    tables: int = Field(ge=1, le=MAX_TABLE)
    boards: int = Field(ge=1, le=127)
    phantom: bool = False
    player_numbers: AskPlayers = Field(
        default=AskPlayers.FIRST, description="when the pads ask the players for their "
        "numbers: never, first (the first round a table plays) or every (round)")
    result_entry: ResultEntry = Field(
        default=ResultEntry.RESULT, description="how the pads take a board's result: result "
        "(=, +1, -1, as players write it) or tricks (the tricks declarer took)")
    round_rankings: bool = Field(default=False, description="whether the pads show the "
                                 "rankings after each round (else only once published)")
    rankings_hide_first: int = Field(default=0, ge=0, le=255, description="the first "
                                     "rounds after which the pads show no rankings")
    rankings_hide_last: int = Field(default=0, ge=0, le=255, description="the last rounds "
                                    "after which the pads show no rankings")
    pads: PadPlace = Field(default=PadPlace.TABLES, description="where the pads go: tables "
                           "(each stays at its table) or ns / ew (each moves with the pair "
                           "sitting that way at its table in round 1: players' own phones)")


class EventIn(BaseModel):
    name: str = Field(min_length=1, max_length=100)
    regulations: str = "nz"
    sections: list[SectionIn] = Field(min_length=1, max_length=26)
    # A teams or Swiss event: each section's `tables` is then its number of teams (pairs in
    # Swiss pairs) and `boards` the boards of each match; `rounds` is a Swiss event's rounds.
    format: str = "pairs"
    rounds: int = Field(default=0, ge=0, le=20)
    # A pairs event: its boards matchpointed across every section (the Scorer's "Score all
    # sections"), and its pairs placed per section and direction or across the room.
    across_the_field: bool = False
    places: Literal["section", "room"] = "section"
    # A handicap event: pairs placed by their percentage plus half their players' handicaps.
    handicap: bool = False

    def scoring(self) -> EventScoring:
        return EventScoring(across_the_field=self.across_the_field, places=self.places,
                            handicap=self.handicap)


@router.get("/event", response_model=EventOut)
async def current_event(read: ReadDep) -> EventOut:
    """The open event with its sections and the round each is in."""
    return read.event()


@router.get("/events", response_model=list[PastEventOut])
async def past_events(station: StationDep, read: ReadDep) -> list[PastEventOut]:
    """Every event held, newest first, with its number of results."""
    held = await read.stored(station.store.events)
    return [PastEventOut(id=event.id, name=event.name, regulations=event.regulations,
                         running=event.running, created_at=event.created_at.isoformat(),
                         date=event.date.isoformat() if event.date else None,
                         ended=event.ended, published=event.published,
                         results=count, open=event.id == station.session.event_id)
            for event, count in held]


def checked_sections(body: EventIn) -> list[SectionConfig]:
    """The sections asked for, or a 422 saying what is wrong (the movement itself is checked
    when it is generated)."""
    if body.regulations not in PRESETS:
        raise Invalid("event.regulations", choices=", ".join(sorted(PRESETS)))
    letters = [s.letter for s in body.sections]
    if len(set(letters)) != len(letters):
        raise Invalid("event.letters_twice")
    if body.format not in FORMATS:
        raise Invalid("event.format", formats=", ".join(FORMATS))
    for section in body.sections:
        if body.format == "pairs" and section.movement not in KINDS:
            raise Invalid("movement.kind", kinds=", ".join(sorted(KINDS)))
    return [SectionConfig(s.letter, s.movement, s.tables, s.boards, s.phantom,
                          s.player_numbers.value, s.result_entry.value, s.round_rankings,
                          s.rankings_hide_first, s.rankings_hide_last, s.pads.value)
            for s in body.sections]


@router.post("/events", dependencies=[Director], status_code=status.HTTP_201_CREATED,
             response_model=EventOut)
async def open_event(body: EventIn, station: StationDep, read: ReadDep) -> EventOut:
    """Opens a new event; the one in play is closed (it stays in the database). The set-up
    page's POST /api/setup/event does the same with deals and players, and asks first."""
    new = NewEvent(body.name, body.regulations, tuple(checked_sections(body)),
                   event_format=body.format, rounds=body.rounds, scoring=body.scoring())
    await station.director.open_new_event(new)
    return read.event()
