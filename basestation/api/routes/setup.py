"""The set-up page's routes: a movement previewed with its balance check, the hand records and
the player list checked as they are uploaded, guide cards to print, and the new event opened.

Every route is the director's. A refusal is a plain sentence (422) and changes nothing.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections import Counter
from typing import Annotated, Any

from fastapi import APIRouter, Query, status
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.headers import CSP, policy, source_hash
from basestation.api.limits import upload
from basestation.api.responses import EventOut
from basestation.api.routes.events import EventIn, SectionIn, checked_sections
from basestation.domain.cards import check_deals
from basestation.formats.handrecords import parse_hand_records
from basestation.formats.players import MAX_HANDICAP, PlayerListError, parse_player_list
from basestation.i18n import autonym, shipped
from basestation.movements import (
    CARDS_STYLE,
    KINDS,
    Movement,
    MovementError,
    cards_html,
    check,
    check_pads_follow,
    matches_of,
    troikas_of,
)
from basestation.scoring import PRESETS
from basestation.scoring.event_formats import PAIRS, first_movement
from basestation.station.config import NewEvent
from basestation.station.refusals import Invalid, said
from firmware_protocol.enums import PadPlace

router = APIRouter(prefix="/api/setup", tags=["setup"], dependencies=[Director])


class Choices(BaseModel):
    kinds: list[str]
    regulations: list[str]


@router.get("/choices")
async def choices() -> Choices:
    """The movements and regulations the set-up page offers."""
    return Choices(kinds=list(KINDS), regulations=sorted(PRESETS))


class ClubLanguage(BaseModel):
    language: str  # the club's: the pads', the console's fallback and the website's
    languages: dict[str, str] = {}  # every shipped language by its code, in its own name


class ClubLanguageIn(BaseModel):
    language: str = Field(max_length=16)


def _club_language(code: str) -> ClubLanguage:
    return ClubLanguage(language=code, languages={c: autonym(c) for c in shipped()})


@router.get("/language")
async def club_language(station: StationDep) -> ClubLanguage:
    """The club's language (set here, else station.toml's) and the languages shipped."""
    return _club_language(station.club_language)


@router.put("/language")
async def set_club_language(body: ClubLanguageIn, station: StationDep) -> ClubLanguage:
    """Sets the club's language, kept across restarts; one not shipped is refused (422)."""
    return _club_language(await station.director.set_club_language(body.language))


class FirstMatch(BaseModel):
    a: int  # North-South at the first table
    b: int
    tables: list[int]
    rounds: list[int]  # each table's round (an American Whist plays a match's halves apart)


class Preview(BaseModel):
    kind: str
    tables: int
    boards: int
    rounds: int
    balanced: bool
    report: str  # the balance check in English (the movement checker's words)
    # The check's figures, for the page to say in its own language.
    problems: int = 0
    boards_per_pair: dict[int, int] = Field(default_factory=dict)  # boards played -> pairs
    meetings: dict[int, int] = Field(default_factory=dict)  # times met -> couples
    movement: dict[str, Any] = Field(description="the Movement JSON (ARCHITECTURE.md): who plays "
                                                 "whom on which boards, table by round")
    matches: list[FirstMatch] = Field(default_factory=list,
                                      description="a teams or Swiss event's first-round matches")
    troika: list[int] = Field(default_factory=list,
                              description="the three teams of a first-round Troika")


class SectionPlan(SectionIn):
    """A section of an event in the given format: in a teams or Swiss event `tables` counts
    its teams (pairs, in Swiss pairs) and `boards` the boards of each match."""

    format: str = PAIRS
    rounds: int = Field(default=0, ge=0, le=20)


def _movement(section: SectionIn, event_format: str = PAIRS, rounds: int = 0) -> Movement:
    if event_format == PAIRS and section.movement not in KINDS:
        raise Invalid("movement.kind", kinds=", ".join(KINDS))
    try:
        return first_movement(event_format, rounds, movement=section.movement,
                              tables=section.tables, boards=section.boards,
                              phantom=section.phantom)
    except MovementError as exc:
        raise Invalid("movement.invalid", problem=said(exc)) from exc


SectionQuery = Annotated[SectionPlan, Query()]


@router.get("/movement")
async def preview(section: SectionQuery) -> Preview:
    """The movement a section would play, with its balance check and, in a teams or Swiss
    event, its first round's matches; 422 says why it cannot be."""
    movement = _movement(section, section.format, section.rounds)
    report = check(movement)
    first = [] if section.format == PAIRS else matches_of(movement, 1)
    return Preview(kind=movement.kind, tables=movement.tables, boards=movement.boards,
                   rounds=movement.rounds, balanced=report.ok, report=report.summary(),
                   problems=len(report.problems),
                   boards_per_pair=dict(Counter(report.boards_per_pair.values())),
                   meetings=dict(report.meeting_counts()),
                   movement=movement.to_json(),
                   matches=[FirstMatch(a=m.pair[0], b=m.pair[1], tables=list(m.tables),
                                       rounds=list(m.rounds)) for m in first],
                   troika=list(troikas_of(movement).get(1, ())))


@router.get("/cards", response_class=HTMLResponse)
async def cards(section: SectionQuery,
                title: Annotated[str | None, Query(max_length=100)] = None) -> HTMLResponse:
    """The movement sheet and a guide card for every table, to print."""
    movement = _movement(section, section.format, section.rounds)
    heading = f"{title}: section {section.letter}" if title else f"Section {section.letter}"
    return HTMLResponse(cards_html(movement, title=heading), headers={CSP: CARDS_POLICY})


# The printable cards carry their own <style>, allowed by its hash and nothing else inline.
CARDS_POLICY = policy(styles=[source_hash(CARDS_STYLE)])


class HandRecordsIn(BaseModel):
    pbn: str = Field(min_length=1, max_length=2_000_000)


class HandRecordsSeen(BaseModel):
    boards: list[int]


@router.post("/hand-records")
@upload
async def read_hand_records(body: HandRecordsIn) -> HandRecordsSeen:
    """Reads an uploaded PBN file and says which boards it holds (nothing is stored yet)."""
    return HandRecordsSeen(boards=sorted(await _deals(body.pbn)))


def _checked_deals(pbn: str) -> dict[int, str]:
    deals = parse_hand_records(pbn)
    check_deals(deals)
    return deals


async def _deals(pbn: str) -> dict[int, str]:
    # On a worker thread: a large file must not hold up the pads' answers on the event loop.
    try:
        return await asyncio.to_thread(_checked_deals, pbn)
    except ValueError as exc:  # HandRecordError, or a board that is not a whole deal
        raise Invalid("hand_records.invalid", problem=said(exc)) from exc


class RosterIn(BaseModel):
    csv: str = Field(min_length=1, max_length=2_000_000)


MAX_PLAYER = 10_000_000
MAX_NATIONAL = 40


class PlayerOut(BaseModel):
    number: int = Field(ge=1, le=MAX_PLAYER)
    name: str = Field(min_length=1, max_length=100)
    national: str | None = Field(default=None, max_length=MAX_NATIONAL,
                                 description="the national body's number; left out when "
                                             "not known")
    handicap: float | None = Field(default=None, ge=-MAX_HANDICAP, le=MAX_HANDICAP,
                                   description="for handicap events; left out: the club "
                                               "list's, if any")


@router.post("/players", response_model=list[PlayerOut], response_model_exclude_none=True)
@upload
async def read_roster(body: RosterIn) -> list[PlayerOut]:
    """Reads the club roster and lists it (nothing is stored yet). CSV, one player a line:
    number (what the pads enter), name and, optionally, national number; a first line whose
    first cell is not a number (headings) is skipped and further columns are not read."""
    try:
        players = await asyncio.to_thread(parse_player_list, body.csv)
    except PlayerListError as exc:
        raise Invalid("players.invalid", problem=said(exc)) from exc
    too_big = [n for n in players if not 1 <= n <= MAX_PLAYER]
    if too_big:
        raise Invalid("players.number", most=MAX_PLAYER, number=too_big[0])
    for number, listed in players.items():
        if listed.national and len(listed.national) > MAX_NATIONAL:
            raise Invalid("players.national", number=number, most=MAX_NATIONAL)
    return [PlayerOut(number=n, name=p.name, national=p.national, handicap=p.handicap)
            for n, p in sorted(players.items())]


class SetupIn(EventIn):
    date: dt.date | None = Field(default=None, description="the day it is played; today if "
                                                         "not given")
    hand_records: str | None = Field(default=None, max_length=2_000_000,
                                     description="PBN text; its deals go to every section")
    players: list[PlayerOut] = Field(default_factory=list, max_length=20_000,
                                     description="the roster and the visitors")
    close_open: bool = Field(default=False, description="close the event still in play")


@router.post("/event", status_code=status.HTTP_201_CREATED, response_model=EventOut)
@upload
async def open_event(body: SetupIn, station: StationDep, read: ReadDep) -> EventOut:
    """Opens the new event. An event whose session has not ended is closed only when
    `close_open` says so (409 otherwise): it ends, its tables are freed and its pads log in
    again."""
    sections = checked_sections(body)
    for section in body.sections:  # refused before the director is asked to close the event
        movement = _movement(section, body.format, body.rounds)
        rounds = movement.rounds
        if section.pads != PadPlace.TABLES:
            try:
                check_pads_follow(movement, section.pads.upper())
            except MovementError as exc:
                raise Invalid("section.movement", section=section.letter,
                              problem=said(exc)) from exc
        if section.round_rankings and (
                section.rankings_hide_first + section.rankings_hide_last >= rounds):
            raise Invalid("rankings.none_left", hide_first=section.rankings_hide_first,
                          hide_last=section.rankings_hide_last, section=section.letter,
                          rounds=rounds)
    deals = await _deals(body.hand_records) if body.hand_records else {}
    numbers = [p.number for p in body.players]
    if len(set(numbers)) != len(numbers):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        raise Invalid("players.twice", number=twice[0])
    new = NewEvent(body.name, body.regulations, tuple(sections), body.date, deals,
                   {p.number: p.name for p in body.players}, event_format=body.format,
                   rounds=body.rounds, close_open=body.close_open,
                   national={p.number: p.national for p in body.players if p.national},
                   handicaps={p.number: p.handicap for p in body.players
                              if p.handicap is not None},
                   scoring=body.scoring())
    await station.director.open_new_event(new)
    return read.event()
