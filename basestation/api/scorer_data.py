"""The Scorer's XML of a pairs event (formats/scorer_xml.py), gathered from the station's own
results: the travellers and rankings the results page shows, the phantom's tables from the
movement, who played with their national numbers, and the hand records. The open event's or a
past one's (loaded on its own): it reads a `SessionState` and writes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime

from basestation.api.exports_data import hand_records, pairs_roster
from basestation.api.views import scored_boards, scored_session, traveller_json
from basestation.formats.scorer_xml import (
    ScorerEvent,
    ScorerLine,
    ScorerPair,
    ScorerSection,
    write_scorer_xml,
)
from basestation.formats.website import SCORER_FILE
from basestation.movements import Movement, MovementError, missing_pair
from basestation.scoring.event_formats import PAIRS
from basestation.station.config import StationConfig
from basestation.station.refusals import Invalid
from basestation.station.session.state import SessionState
from basestation.store.models import SeatingRow

__all__ = ["SCORER_FILE", "NotScorerEvent", "scorer_xml"]



class NotScorerEvent(Invalid):
    """The Scorer's XML holds a pairs session; a teams or Swiss event has none."""


def scorer_xml(session: SessionState, seatings: list[SeatingRow],
               config: StationConfig) -> str:
    """The event as the Scorer's XML, with the hand records; refused for a teams or Swiss
    event (its results go as USEBIO)."""
    if session.event_format != PAIRS:
        raise NotScorerEvent("scorer.not_pairs")
    event = ScorerEvent(name=session.event_name, held_on=_held_on(session),
                        time=_time(session.event_opened), club=config.club_name,
                        club_no=config.club_number,
                        across_the_field=session.scoring.across_the_field)
    sections = [ScorerSection(letter, state.movement.tables,
                              handicap=session.scoring.handicap)
                for letter, state in session.sections.items()]
    return write_scorer_xml(event, sections, _lines(session, seatings),
                            _pairs(session, seatings), hand_records(session))


def _held_on(session: SessionState) -> date | None:
    """The day it was played, else the day it was set up."""
    if session.event_date is not None or session.event_opened is None:
        return session.event_date
    return session.event_opened.date()


def _time(opened: datetime | None) -> str:
    """When the event was set up, on this computer's clock ("19:30")."""
    if opened is None:
        return ""
    if opened.tzinfo is None:
        opened = opened.replace(tzinfo=UTC)
    return opened.astimezone().strftime("%H:%M")


def _lines(session: SessionState, seatings: list[SeatingRow]) -> list[ScorerLine]:
    """Every traveller line as the results page shows it, and each board the phantom's
    opponents sat out."""
    lines = []
    for scored in scored_boards(session):
        for line in traveller_json(session, scored, seatings).results:
            # A line the station holds no entry for has no table (nor round): not the Scorer's.
            if line.table is None or line.round is None or line.ns is None or line.ew is None:
                continue
            lines.append(ScorerLine(
                section=scored.section, table=line.table, round=line.round,
                board=scored.board, ns=line.ns, ew=line.ew, mp_ns=line.mp_ns,
                mp_ew=line.mp_ew, contract=line.contract, declarer=line.declarer,
                tricks=line.tricks, lead=line.lead, score_ns=line.score_ns,
                artificial=line.kind == "adjusted"))
    for letter, state in session.sections.items():
        lines += phantom_lines(letter, state.movement)
    return lines


def phantom_lines(section: str, movement: Movement) -> list[ScorerLine]:
    """A line for each board a pair sat out against the phantom: the phantom's pair number
    where the movement leaves its seat empty."""
    try:
        missing = missing_pair(movement)
    except MovementError:  # more than one pair missing: the empty seats stay 0
        missing = None
    phantom = missing[1] if missing is not None else 0
    found = []
    for seat in movement.assignments:
        if (seat.ns is None) == (seat.ew is None):
            continue  # a full table, or an empty one
        for board in seat.boards:
            found.append(ScorerLine(
                section=section, table=seat.table, round=seat.round, board=board,
                ns=seat.ns if seat.ns is not None else phantom,
                ew=seat.ew if seat.ew is not None else phantom,
                mp_ns=None, mp_ew=None, phantom=True))
    return found


def _pairs(session: SessionState, seatings: list[SeatingRow]) -> list[ScorerPair]:
    scored = scored_session(session, seatings)
    roster = pairs_roster(session, seatings, scored)
    return [ScorerPair(section=entry.section, pair=entry.pair, direction=entry.direction,
                       players=roster.of(entry.section, entry.pair, entry.direction),
                       total=_or(entry.factored_total, entry.total),
                       maximum=_or(entry.factored_maximum, entry.maximum),
                       place=entry.rank_label,
                       raw_score=entry.pct, handicap=entry.handicap or 0.0,
                       score=entry.handicapped_pct)
            for entry in scored.ranking]


def _or(factored: float | None, raw: float) -> float:
    return raw if factored is None else factored
