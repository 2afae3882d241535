"""Exports for the scoring program and the national body: PBN, USEBIO and CSV, of a pairs
event or of a teams or Swiss event, with every player's name and national number."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from basestation.api.deps import ReadDep, ResultsReader, StationDep
from basestation.api.exports_data import event_and_roster, hand_records
from basestation.api.readmodel import ReadModel
from basestation.api.scorer_data import SCORER_FILE, scorer_xml
from basestation.formats import results_csv
from basestation.formats.match_event import MatchEvent
from basestation.formats.pbn_matches import write_pbn_matches
from basestation.formats.pbn_scores import write_pbn_scores
from basestation.formats.roster import Roster
from basestation.formats.usebio import write_usebio, write_usebio_matches
from basestation.scoring import ScoredSession
from basestation.station.app import Station
from basestation.store.models import SeatingRow

router = APIRouter(prefix="/api/exports", tags=["exports"], dependencies=[ResultsReader])


def _download(text: str, media_type: str, name: str) -> Response:
    return Response(text, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def _seatings(station: Station, read: ReadModel) -> list[SeatingRow]:
    event_id = station.session.event_id
    if event_id is None or not station.session.players:
        return []
    return await read.stored(station.store.seatings, event_id)


async def _event(station: Station, read: ReadModel,
                 ) -> tuple[ScoredSession | MatchEvent, Roster]:
    """A pairs event's scored session, or a teams or Swiss event's matches, with who played."""
    return event_and_roster(station.session, await _seatings(station, read))


@router.get("/pbn", response_class=Response)
async def pbn(station: StationDep, read: ReadDep) -> Response:
    """PBN 2.1 in export format: a pairs event's boards, each with its Deal, Dealer and
    Vulnerable from the hand records and a ScoreTable, and a TotalScoreTable of the ranking;
    a teams or Swiss event's boards match by match, both tables in each ScoreTable, and a
    TotalScoreTable of the standings. Names as PBN's Names columns."""
    event, roster = await _event(station, read)
    session = station.session
    deals = dict(session.deal_text)
    text = write_pbn_matches(event, roster, held_on=session.event_date, deals=deals) \
        if isinstance(event, MatchEvent) else \
        write_pbn_scores(event, roster, event=session.event_name or "Pairs",
                         held_on=session.event_date, deals=deals)
    return _download(text, "text/plain", "results.pbn")


@router.get("/usebio", response_class=Response)
async def usebio(station: StationDep, read: ReadDep) -> Response:
    """A USEBIO 1.2 XML document, with each pair's or team's players and the hand records
    (HANDSET), as a club's website takes the results."""
    event, roster = await _event(station, read)
    deals = hand_records(station.session)
    text = write_usebio_matches(event, roster, deals) if isinstance(event, MatchEvent) \
        else write_usebio(event, station.session.event_name or "Pairs", roster, deals,
                          station.session.event_date)
    return _download(text, "application/xml", "results.xml")


@router.get("/csv", response_class=Response)
async def travellers_csv(station: StationDep, read: ReadDep) -> Response:
    """Every traveller line, one row per board per table, with the pairs' names."""
    event, roster = await _event(station, read)
    text = results_csv.match_travellers_csv(event, roster) if isinstance(event, MatchEvent) \
        else results_csv.travellers_csv(event, roster)
    return _download(text, "text/csv", "results.csv")


@router.get("/rankings.csv", response_class=Response)
async def rankings_csv(station: StationDep, read: ReadDep) -> Response:
    """The ranking (a teams or Swiss event's standings), with names and national numbers."""
    event, roster = await _event(station, read)
    text = results_csv.standings_csv(event, roster) if isinstance(event, MatchEvent) \
        else results_csv.rankings_csv(event, roster)
    return _download(text, "text/csv", "rankings.csv")


@router.get("/matches.csv", response_class=Response)
async def matches_csv(station: StationDep, read: ReadDep) -> Response:
    """A teams or Swiss event's matches: round, both sides with names, IMPs and VPs (a pairs
    event's is the header alone)."""
    event, roster = await _event(station, read)
    matches = event if isinstance(event, MatchEvent) else None
    return _download(results_csv.matches_csv(matches, roster), "text/csv", "matches.csv")


@router.get("/scorer.xml", response_class=Response)
async def scorer(station: StationDep, read: ReadDep) -> Response:
    """The Scorer's XML of a pairs event (NZ Bridge's Scorer program: what a New Zealand
    club's website takes), with the hand records; refused for a teams or Swiss event."""
    text = scorer_xml(station.session, await _seatings(station, read), station.config)
    return _download(text, "application/xml", SCORER_FILE)
