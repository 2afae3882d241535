"""Competitions: the director groups events (sessions) into a competition and sets its
ladder's rules; the ladder is run by them (scoring/ladder.py), shown, printed and exported as
CSV; a year's competitions give their place-getters.

The changes are the director's service's (`station.director`,
station/commands/competitions.py: checked under one lock, written through the hub's batch);
the routes parse, call it and shape its answer. Until an event
is published its results are the director's: a ladder read without the director's login counts
only the published ones.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from basestation.api.competitions_data import ClubList, EventScores, event_scores, played_on
from basestation.api.deps import Director, ReadDep, StationDep, director_token
from basestation.api.responses import (
    CompetitionEventOut,
    CompetitionOut,
    CompetitionSummaryOut,
    LadderOut,
    PlaceGetterOut,
)
from basestation.api.routes.history import ROW_ID_MAX
from basestation.formats.ladder_csv import ladder_csv
from basestation.scoring.ladder import KINDS, Ladder, LadderRules, Played, run_ladder
from basestation.station.commands.competitions import events_of, find, rules_of
from basestation.store.models import CompetitionRow, EventRow
from basestation.store.repository import Store

router = APIRouter(prefix="/api/competitions", tags=["competitions"])
RowId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]


class RulesIn(BaseModel):
    kind: str = Field(default="pairs", description=" or ".join(KINDS))
    sessions: int = Field(ge=1, le=1000, description="in the whole competition")
    qualify: int = Field(ge=1, le=1000, description="sessions to play to be ranked")
    count: int = Field(ge=1, le=1000, description="the best this many are averaged")
    change_partner: bool = Field(default=False,
                                 description="players must change partner at least once")

    def ladder_rules(self) -> LadderRules:
        return LadderRules(self.kind, self.sessions, self.qualify, self.count,
                           self.change_partner)


class CompetitionIn(RulesIn):
    name: str = Field(min_length=1, max_length=100)


def _out(row: CompetitionRow, event_ids: list[int],
         events: dict[int, EventRow]) -> CompetitionOut:
    shown = sorted((events[e] for e in event_ids if e in events),
                   key=lambda e: (played_on(e), e.id or 0))
    assert row.id is not None  # a stored row
    return CompetitionOut(id=row.id, name=row.name, kind=row.kind, sessions=row.sessions,
                          qualify=row.qualify, count=row.count,
                          change_partner=row.change_partner,
                          events=[_event_out(e) for e in shown])


def _event_out(event: EventRow) -> CompetitionEventOut:
    assert event.id is not None  # a stored row
    return CompetitionEventOut(id=event.id, name=event.name,
                               date=played_on(event).isoformat())


@router.get("", response_model=list[CompetitionOut])
async def competitions(station: StationDep, read: ReadDep) -> list[CompetitionOut]:
    stored, events = await read.stored(lambda: (station.store.competitions(),
                                                events_of(station.store)))
    return [_out(row, ids, events) for row, ids in stored]


@router.post("", dependencies=[Director], status_code=201, response_model=CompetitionOut)
async def create_competition(body: CompetitionIn, station: StationDep) -> CompetitionOut:
    """A new competition with its rules and no events yet."""
    row = await station.director.create_competition(body.name, body.ladder_rules())
    return _out(row, [], {})


@router.get("/summary", response_model=list[CompetitionSummaryOut])
async def summary(request: Request, station: StationDep, read: ReadDep,
                  year: Annotated[int, Query(ge=1900, le=9999)]) -> list[CompetitionSummaryOut]:
    """The year's competitions (those with a session played that year) and their
    place-getters: first, second and third, more when tied."""
    director = director_token(request, request.app.state.auth) is not None
    club, store = ClubList.of(station.session), station.store

    def gather() -> list[CompetitionSummaryOut]:
        events = events_of(store)
        found = []
        for row, ids in store.competitions():
            if not any(e in events and played_on(events[e]).year == year for e in ids):
                continue
            ladder, _ = _ladder(store, row, ids, director)
            found.append(CompetitionSummaryOut(competition=_out(row, ids, events), place_getters=[
                PlaceGetterOut(rank_label=r.rank_label, names=club.names(r.players),
                               average=r.average)
                for r in ladder.rows if r.rank <= 3]))
        return found

    return await read.stored(gather)


@router.get("/{competition_id}", response_model=CompetitionOut)
async def competition(competition_id: RowId, station: StationDep,
                      read: ReadDep) -> CompetitionOut:
    stored, events = await read.stored(lambda: (station.store.competitions(),
                                                events_of(station.store)))
    row, ids = find(stored, competition_id)
    return _out(row, ids, events)


@router.put("/{competition_id}/rules", dependencies=[Director], response_model=CompetitionOut)
async def set_rules(competition_id: RowId, body: RulesIn,
                    station: StationDep) -> CompetitionOut:
    """The competition's ladder rules; refused (nothing changed) when no ladder can be run by
    them, when it holds more events than sessions, or when one of its events is in another
    competition with other rules."""
    found = await station.director.set_competition_rules(competition_id, body.ladder_rules())
    return _out(found.row, found.event_ids, found.events)


@router.put("/{competition_id}/events/{event_id}", dependencies=[Director],
            response_model=CompetitionOut)
async def add_event(competition_id: RowId, event_id: RowId,
                    station: StationDep) -> CompetitionOut:
    """Adds a pairs event to the competition (already in it: nothing changes)."""
    found = await station.director.add_competition_event(competition_id, event_id)
    return _out(found.row, found.event_ids, found.events)


@router.delete("/{competition_id}/events/{event_id}", dependencies=[Director],
               response_model=CompetitionOut)
async def remove_event(competition_id: RowId, event_id: RowId,
                       station: StationDep) -> CompetitionOut:
    """Takes an event out of the competition."""
    found = await station.director.remove_competition_event(competition_id, event_id)
    return _out(found.row, found.event_ids, found.events)


def _ladder(store: Store, row: CompetitionRow, ids: list[int],
            director: bool) -> tuple[Ladder, list[EventScores]]:
    """The ladder over the competition's events (published ones only, for a player)."""
    scored = [s for e in ids if (s := event_scores(store, e)) is not None]
    shown = sorted((s for s in scored if director or s.published),
                   key=lambda s: (s.date, s.id))
    return run_ladder(rules_of(row), [s.session() for s in shown]), shown


def ladder_document(store: Store, club: ClubList, row: CompetitionRow, ids: list[int],
                    director: bool) -> dict[str, Any]:
    """The ladder's document (LadderOut), for the page, the CSV and anything else that shows
    it; `director`: unpublished events count too."""
    ladder, shown = _ladder(store, row, ids, director)

    def players(numbers: tuple[int, ...]) -> list[dict[str, Any]]:
        return [club.player(n) for n in numbers]

    def played(sessions: tuple[Played, ...]) -> list[dict[str, Any]]:
        return [{"event": p.event, "pct": p.pct, "counted": p.counted,
                 "partners": club.names(p.partners)} for p in sessions]

    events = [{"id": s.id, "name": s.name, "date": s.date.isoformat()} for s in shown]
    return {
        "competition": {**_out(row, [], {}).model_dump(), "events": events},
        "events": events,
        "sessions_played": ladder.sessions_played,
        "left_out": len(ids) - len(shown),
        "rows": [{"rank": r.rank, "rank_label": r.rank_label, "players": players(r.players),
                  "names": club.names(r.players), "average": r.average, "played": played(r.played)}
                 for r in ladder.rows],
        "not_qualified": [{"players": players(n.players), "names": club.names(n.players),
                           "played": played(n.played), "why": n.why}
                          for n in ladder.not_qualified],
    }


@router.get("/{competition_id}/ladder", response_model=LadderOut,
            response_model_exclude_none=True)
async def ladder(competition_id: RowId, request: Request, station: StationDep,
                 read: ReadDep) -> LadderOut:
    """The ladder as the rules rank it, with every session's percentage and which counted."""
    return LadderOut.model_validate(await _ladder_of(competition_id, request, station, read))


async def _ladder_of(competition_id: int, request: Request, station: StationDep,
                     read: ReadDep) -> dict[str, Any]:
    director = director_token(request, request.app.state.auth) is not None
    stored = await read.stored(station.store.competitions)
    row, ids = find(stored, competition_id)
    return await read.stored(ladder_document, station.store, ClubList.of(station.session), row,
                             ids, director)


@router.get("/{competition_id}/ladder.csv", response_class=Response,
            responses={200: {"content": {"text/csv": {}}}})
async def ladder_export(competition_id: RowId, request: Request, station: StationDep,
                        read: ReadDep) -> Response:
    """The ladder as CSV: rank, names, numbers, national numbers, average, sessions played,
    then each session's percentage (in brackets when it does not count)."""
    document = await _ladder_of(competition_id, request, station, read)
    text = ladder_csv(document)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="ladder-{competition_id}.csv"'})
