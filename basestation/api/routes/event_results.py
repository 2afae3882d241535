"""An event's results in one document, the open event's or a past one's: rankings with the
pairs' names, travellers with the hand records, every pair's score card and the penalties;
for a teams or Swiss event, its standings and matches board by board instead of the pairs'
rankings and score cards. The results page reads it to show and to print.

An event's results are the director's until published (the open event's by the grid's Publish,
a past one's here too). A past event is read from the database and scored afresh, in a
worker thread: it shares nothing with the working memory of the open one.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel

from basestation.api.deps import (
    Director,
    ReadDep,
    StationDep,
    need_publication,
    require_results_reader,
)
from basestation.api.match_results import match_results_json
from basestation.api.responses import (
    HeldOut,
    PenaltyOut,
    RankingOut,
    ScorecardRowOut,
    TravellerOut,
)
from basestation.api.routes.history import ROW_ID_MAX
from basestation.api.routes.rulings import penalty_out
from basestation.api.scorer_data import SCORER_FILE, scorer_xml
from basestation.api.views import rankings_json, scorecard, scored_boards, traveller_json
from basestation.station.config import StationConfig
from basestation.station.refusals import NotFound
from basestation.station.session.state import SessionState
from basestation.station.views.match_shapes import MatchOut, StandingOut
from basestation.store.models import SeatingRow
from basestation.store.repository import Store

router = APIRouter(prefix="/api/events", tags=["scores"])
EventId = Annotated[int, Path(ge=1, le=ROW_ID_MAX)]


class CardOut(BaseModel):
    section: str
    pair: int
    direction: str | None
    names: str
    boards: list[ScorecardRowOut]


class EventInfoOut(BaseModel):
    id: int | None
    name: str
    date: str | None
    regulations: str
    running: bool
    ended: bool
    published: bool
    results: int
    open: bool
    format: str = "pairs"  # or teams, swiss-teams, swiss-pairs: see `matches`
    across_the_field: bool = False  # every section's boards matchpointed together
    places: str = "section"  # the rankings' `rank`: per section and direction, or "room"
    handicap: bool = False  # a handicap event: `rank` is the handicapped place


class MatchBoardOut(BaseModel):
    board: int
    compared: bool  # in at both tables (teams) or at the table (Swiss pairs)
    imps_a: int | None  # the first team's (pair's) IMPs on the board, once compared
    imps_b: int | None = None  # the second's: -imps_a unless a split score differs
    tables: list[HeldOut | None]  # each table's entry, in the match's order of tables


class MatchResultOut(MatchOut):
    board_results: list[MatchBoardOut]


class NamedStandingOut(StandingOut):
    names: str  # from the players' numbers entered at the tables; "" when none were


class SectionResultsOut(BaseModel):
    section: str
    rounds_drawn: int
    current_round: int
    matches: list[MatchResultOut]
    standings: list[NamedStandingOut]


class EventMatchesOut(BaseModel):
    format: str
    rounds: int
    sections: list[SectionResultsOut]


class EventResultsOut(BaseModel):
    event: EventInfoOut
    rankings: list[RankingOut]  # empty for a teams or Swiss event: see `matches`
    travellers: list[TravellerOut]
    scorecards: list[CardOut]
    penalties: list[PenaltyOut]
    matches: EventMatchesOut | None = None  # a teams or Swiss event's standings and matches


@router.get("/{event_id}/results", response_model=EventResultsOut)
async def event_results(event_id: EventId, request: Request,
                        station: StationDep, read: ReadDep) -> EventResultsOut:
    """Everything the results page shows and prints for one event."""
    store = station.store
    if event_id == station.session.event_id:
        await require_results_reader(request)
        seatings = await read.stored(store.seatings, event_id)
        return results_document(station.session, seatings, is_open=True)
    past = await read.stored(_past_results, store, event_id)
    if past is None:
        raise NotFound("event.not_found", event=event_id)
    need_publication(request, past.event.published)
    return past


@router.get("/{event_id}/scorer.xml", response_class=Response,
            responses={200: {"content": {"application/xml": {}}}})
async def event_scorer_xml(event_id: EventId, request: Request,
                           station: StationDep, read: ReadDep) -> Response:
    """The event's results as the Scorer's XML, with the hand records, for the club's
    website: the open event's or a past one's; a teams or Swiss event's are refused (their
    results go as USEBIO)."""
    store = station.store
    if event_id == station.session.event_id:
        await require_results_reader(request)
        seatings = await read.stored(store.seatings, event_id)
        text = scorer_xml(station.session, seatings, station.config)
    else:
        past = await read.stored(SessionState.past, store, event_id)
        if past is None:
            raise NotFound("event.not_found", event=event_id)
        need_publication(request, past.published)
        text = await read.stored(_past_scorer_xml, store, past, station.config)
    return Response(text, media_type="application/xml", headers={
        "Content-Disposition": f'attachment; filename="{event_id}-{SCORER_FILE}"'})


def _past_scorer_xml(store: Store, past: SessionState, config: StationConfig) -> str:
    assert past.event_id is not None
    return scorer_xml(past, store.seatings(past.event_id), config)


class PublishIn(BaseModel):
    published: bool = True


@router.post("/{event_id}/publish", dependencies=[Director])
async def publish(event_id: EventId, body: PublishIn,
                  station: StationDep, read: ReadDep) -> PublishIn:
    """Publishes an event's results (or withdraws them): the open event's, as the grid's
    Publish does, or a past one's, closed before the director had published it."""
    if event_id != station.session.event_id and not any(
            event.id == event_id for event, _ in await read.stored(station.store.events)):
        raise NotFound("event.not_found", event=event_id)
    await station.director.publish_event(event_id, body.published)
    return body


def _past_results(store: Store, event_id: int) -> EventResultsOut | None:
    session = SessionState.past(store, event_id)
    if session is None:
        return None
    return results_document(session, store.seatings(event_id), is_open=False)


def results_document(session: SessionState, seatings: list[SeatingRow], *,
                     is_open: bool) -> EventResultsOut:
    """The event's results as the results page reads them (the website writes them out:
    api/website_data.py)."""
    matches = match_results_json(session, seatings)
    # A match event's pairs are not ranked by matchpoints: its standings are in `matches`.
    rankings = rankings_json(session, seatings) if matches is None else []
    cards = [CardOut(section=r.section, pair=r.pair, direction=r.direction, names=r.names,
                     boards=scorecard(session, r.section, r.pair, r.direction, seatings))
             for r in rankings]
    event = EventInfoOut(
        id=session.event_id, name=session.event_name, regulations=session.regulations,
        running=session.running, ended=session.ended, published=session.published,
        date=session.event_date.isoformat() if session.event_date else None,
        results=sum(s.held_count for s in session.sections.values()), open=is_open,
        format=session.event_format, across_the_field=session.scoring.across_the_field,
        places=session.scoring.places, handicap=session.scoring.handicap)
    return EventResultsOut(
        event=event, rankings=rankings,
        travellers=[traveller_json(session, scored, seatings)
                    for scored in scored_boards(session)],
        scorecards=cards,
        penalties=[penalty_out(p.row_id, p.penalty) for p in session.penalties],
        matches=None if matches is None else EventMatchesOut.model_validate(matches))
