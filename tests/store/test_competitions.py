"""Competitions and their events, stored and read back, on SQLite and PostgreSQL."""

from __future__ import annotations

from basestation.store import repository as repo
from basestation.store.models import CompetitionRow, EventRow
from basestation.store.repository import Store


def test_a_competitions_rules_and_events_are_kept(database_url: str) -> None:
    store = Store(database_url)
    try:
        events = [EventRow(name=f"Night {n}") for n in (1, 2)]
        store.commit([repo.create_event(e, [], {}) for e in events])
        made: list[int] = []
        store.commit([repo.insert(CompetitionRow(name="Darwin", kind="individual", sessions=3,
                                                 qualify=3, count=3, change_partner=True),
                                  made.append)])
        first, second = (e.id for e in events)
        assert first is not None and second is not None
        store.commit([repo.add_competition_event(made[0], first),
                      repo.add_competition_event(made[0], second)])
        store.commit([repo.remove_competition_event(made[0], first),
                      repo.update(CompetitionRow, made[0], count=2, qualify=2)])
        [(row, ids)] = store.competitions()
        assert (row.name, row.kind, row.sessions, row.qualify, row.count,
                row.change_partner) == ("Darwin", "individual", 3, 2, 2, True)
        assert ids == [second]
    finally:
        store.close()
