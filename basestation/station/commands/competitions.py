"""Competitions as the director changes them, a part of the director's service
(`DirectorService`, commands/director.py): a new one, its ladder's rules, an event added or
taken out. Each is checked against what is stored
(the competitions and the events), read first under one lock so two changes never pass the
same check, then written through the hub's batch like every write. A refusal says why in a
sentence, with nothing changed: NotFound for what is not there, Invalid for what cannot be
(station/refusals.py)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from basestation.scoring.event_formats import PAIRS, format_said
from basestation.scoring.ladder import LadderRules, LadderRulesError
from basestation.station.core.hub import Hub
from basestation.station.effects.batch import Batch
from basestation.station.refusals import Invalid, NotFound, Phrase, said
from basestation.store import repository as repo
from basestation.store.models import CompetitionRow, EventRow
from basestation.store.repository import Store

Stored = list[tuple[CompetitionRow, list[int]]]


@dataclass
class Competition:
    """A competition as stored, its events' ids, and every event stored (to name them)."""

    row: CompetitionRow
    event_ids: list[int]
    events: dict[int, EventRow]


def rules_of(row: CompetitionRow) -> LadderRules:
    return LadderRules(row.kind, row.sessions, row.qualify, row.count, row.change_partner)


def events_of(store: Store) -> dict[int, EventRow]:
    return {e.id: e for e, _ in store.events() if e.id is not None}


def find(stored: Stored, competition_id: int) -> tuple[CompetitionRow, list[int]]:
    for row, events in stored:
        if row.id == competition_id:
            return row, events
    raise NotFound("competition.not_found", competition=competition_id)


def words(rules: LadderRules) -> str:
    return str(rules_phrase(rules))


def rules_phrase(rules: LadderRules) -> Phrase:
    """The rules as a refusal says them: "pairs, 6 sessions, 5 to qualify, 5 to count"."""
    return Phrase("ladder.rules_change" if rules.change_partner else "ladder.rules",
                  {"kind": rules.kind, "sessions": rules.sessions, "qualify": rules.qualify,
                   "count": rules.count})


class Competitions:
    """The competitions as stored, changed one at a time."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub
        self._lock = asyncio.Lock()  # two changes never pass the same check

    async def create(self, name: str, rules: LadderRules) -> CompetitionRow:
        """A new competition with its rules and no events yet."""
        _check_rules(rules)
        row = CompetitionRow(name=name, kind=rules.kind, sessions=rules.sessions,
                             qualify=rules.qualify, count=rules.count,
                             change_partner=rules.change_partner)
        made: list[int] = []

        def write(batch: Batch) -> None:
            batch.ops.append(repo.insert(row, made.append))
            batch.ops.append(repo.audit(None, "director", "competition", name=name,
                                        rules=words(rules)))

        await self._hub.act(write, taken_back=True)  # it changes no memory
        row.id = made[0]
        return row


    async def set_rules(self, competition_id: int, rules: LadderRules) -> Competition:
        """The competition's ladder rules; refused when no ladder can be run by them, when it
        holds more events than sessions, or when one of its events is in another competition
        with other rules."""
        _check_rules(rules)
        async with self._lock:
            stored, events = await _read(self._hub.store)
            row, ids = find(stored, competition_id)
            if len(ids) > rules.sessions:
                raise Invalid("competition.too_many", name=row.name, events=len(ids),
                              sessions=rules.sessions)
            _check_shared(stored, row, rules, ids, events)

            def write(batch: Batch) -> None:
                batch.ops.append(repo.update(CompetitionRow, competition_id, kind=rules.kind,
                                             sessions=rules.sessions, qualify=rules.qualify,
                                             count=rules.count,
                                             change_partner=rules.change_partner))
                batch.ops.append(repo.audit(None, "director", "competition rules",
                                            competition=row.name, rules=words(rules)))

            await self._hub.act(write, taken_back=True)  # it changes no memory
        for name in ("kind", "sessions", "qualify", "count", "change_partner"):
            setattr(row, name, getattr(rules, name))
        return Competition(row, ids, events)


    async def add_event(self, competition_id: int, event_id: int) -> Competition:
        """Adds a pairs event to the competition (already in it: nothing changes)."""
        async with self._lock:
            stored, events = await _read(self._hub.store)
            row, ids = find(stored, competition_id)
            event = events.get(event_id)
            if event is None:
                raise NotFound("competition.no_event", event=event_id)
            if event_id in ids:
                return Competition(row, ids, events)
            if event.format != PAIRS:
                raise Invalid("competition.not_pairs", event=event.name,
                              format=said(format_said(event.format)))
            if len(ids) >= row.sessions:
                raise Invalid("competition.full", name=row.name, sessions=row.sessions,
                              events=len(ids))
            _check_shared(stored, row, rules_of(row), [event_id], events)

            def write(batch: Batch) -> None:
                batch.ops.append(repo.add_competition_event(competition_id, event_id))
                batch.ops.append(repo.audit(event_id, "director", "competition event",
                                            competition=row.name, added=True))

            await self._hub.act(write, taken_back=True)  # it changes no memory
        return Competition(row, [*ids, event_id], events)


    async def remove_event(self, competition_id: int, event_id: int) -> Competition:
        """Takes an event out of the competition."""
        async with self._lock:
            stored, events = await _read(self._hub.store)
            row, ids = find(stored, competition_id)
            if event_id not in ids:
                raise NotFound("competition.not_in", event=event_id, name=row.name)

            def write(batch: Batch) -> None:
                batch.ops.append(repo.remove_competition_event(competition_id, event_id))
                batch.ops.append(repo.audit(event_id, "director", "competition event",
                                            competition=row.name, added=False))

            await self._hub.act(write, taken_back=True)  # it changes no memory
        return Competition(row, [e for e in ids if e != event_id], events)


async def _read(store: Store) -> tuple[Stored, dict[int, EventRow]]:
    """The competitions and events stored, read off the event loop."""
    return await asyncio.to_thread(lambda: (store.competitions(), events_of(store)))


def _check_rules(rules: LadderRules) -> None:
    try:
        rules.check()
    except LadderRulesError as exc:
        raise Invalid("competition.ladder_rules", problem=Phrase(exc.key, exc.values)) from exc


def _check_shared(stored: Stored, competition: CompetitionRow, rules: LadderRules,
                  event_ids: list[int], events: dict[int, EventRow]) -> None:
    """An event in two competitions must be run by the same rules in both."""
    for other, other_events in stored:
        if other.id == competition.id or rules_of(other) == rules:
            continue
        for event_id in event_ids:
            if event_id in other_events:
                name = events[event_id].name if event_id in events else f"event {event_id}"
                raise Invalid("competition.rules_differ", event=name, other=other.name,
                              there=rules_phrase(rules_of(other)), here=rules_phrase(rules))
