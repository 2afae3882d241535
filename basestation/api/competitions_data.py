"""What ladders and players' histories read from the stored events: each pairs event scored
afresh from the database (as a past event's results page is), every ranked pair with its
percentage, rank and players' club numbers. Read in a worker thread: nothing here touches the
open event's working memory."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from basestation.api.views import pair_numbers, ranking
from basestation.scoring.event_formats import PAIRS
from basestation.scoring.ladder import PairScore, SessionScores
from basestation.station.session.state import SessionState
from basestation.store.models import EventRow
from basestation.store.repository import Store


@dataclass(frozen=True, slots=True)
class RankedPair:
    section: str
    pair: int
    direction: str | None
    pct: float
    rank_label: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class EventScores:
    """One stored event as ladders and histories see it."""

    id: int
    name: str
    date: dt.date
    format: str
    published: bool
    pairs: tuple[RankedPair, ...]  # () for a teams or Swiss event

    def session(self) -> SessionScores:
        return SessionScores(self.id, tuple(PairScore(p.players, p.pct) for p in self.pairs))


def played_on(event: EventRow) -> dt.date:
    """The day the event was played: its date, else the day it was set up."""
    return event.date or event.created_at.date()


def event_scores(store: Store, event_id: int) -> EventScores | None:
    """The event's ranked pairs with their players (None: no such event)."""
    snap = store.snapshot(event_id)
    event = snap.event
    if event is None or event.id is None:
        return None
    pairs: tuple[RankedPair, ...] = ()
    if event.format == PAIRS:
        session = SessionState()
        session.load(snap, {})
        seatings = store.seatings(event_id)
        pairs = tuple(
            RankedPair(entry.section, entry.pair, entry.direction, entry.pct,
                       entry.rank_label, pair_numbers(session, seatings, entry.section,
                                                      entry.pair, entry.direction))
            for entry in ranking(session) if entry.pct is not None)
    return EventScores(event.id, event.name, played_on(event), event.format, event.published,
                       pairs)


def events_between(store: Store, since: dt.date, until: dt.date) -> list[EventRow]:
    """The stored events played from `since` to `until` (both days in), oldest first."""
    found = [event for event, _ in store.events() if since <= played_on(event) <= until]
    return sorted(found, key=lambda e: (played_on(e), e.id or 0))


@dataclass(frozen=True)
class ClubList:
    """The club's player list as it stood when a request began: copied on the event loop, so
    the worker thread that gathers a ladder or a history reads no working memory."""

    players: dict[int, str]
    national: dict[int, str]

    @classmethod
    def of(cls, session: SessionState) -> ClubList:
        return cls(dict(session.players), dict(session.national))

    def name(self, number: int) -> str:
        return self.players.get(number, f"player {number}")

    def names(self, numbers: tuple[int, ...]) -> str:
        return " & ".join(self.name(n) for n in numbers if n)

    def player(self, number: int) -> dict[str, Any]:
        return {"number": number, "name": self.name(number),
                "national": self.national.get(number)}
