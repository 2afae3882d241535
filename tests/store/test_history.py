"""The store's reads behind the history page, the unit upsert and grouped inserts, on SQLite
and on PostgreSQL."""

from __future__ import annotations

from sqlmodel import select

from basestation.station.config import SectionConfig
from basestation.station.session.state import SessionState
from basestation.store import repository as repo
from basestation.store.models import UnitRow
from basestation.store.repository import Store
from tests.helpers import result_row


def test_events_audit_units_and_inserts(database_url: str) -> None:
    store = Store(database_url)
    try:
        ids = []
        for name in ("Tuesday", "Thursday"):
            event, sections = SessionState.event_rows(name, "nz", [SectionConfig("A", "mitchell",
                                                                                 3, 6)])
            store.commit([repo.create_event(event, sections, {})])
            assert event.id is not None
            ids.append(event.id)
        tuesday, thursday = ids
        # Results and answers interleaved, as a batch has them: grouped, all stored.
        store.commit([op for board in (1, 2, 3) for op in (
            repo.insert_result(result_row(
                board, event_id=tuesday, status="superseded" if board == 3 else "active")),
            repo.save_answer(5, board, "d" * 32, "[]"))])
        assert [store.answer(5, seq) for seq in (1, 2, 3)] == [("d" * 32, "[]")] * 3
        # A round moving on amid the inserts: one UPDATE of its section; a missing row stays so.
        section_id = store.snapshot().sections[0].id
        assert section_id is not None
        store.commit([repo.save_answer(5, 4, "e" * 32, "[]"),
                      repo.update_section_movement(section_id, "{}", 3, 6, False),
                      repo.update_section_round(section_id, 2),
                      repo.update_section_round(section_id + 99, 5),
                      repo.save_answer(5, 5, "f" * 32, "[]")])
        section = store.snapshot().sections[0]
        assert (section.current_round, section.movement_json) == (2, "{}")
        assert store.answer(5, 5) == ("f" * 32, "[]")
        assert [(e.name, n) for e, n in store.events()] == [("Thursday", 0), ("Tuesday", 2)]
        # Units: the upsert inserts new ones and updates known ones, in one statement.
        store.commit([repo.save_units([{"unit": 7, "last_seq": 3, "battery": 80}])])
        store.commit([repo.save_units([{"unit": 7, "last_seq": 9, "battery": 70},
                                       {"unit": 8, "last_seq": 1, "battery": 90}])])
        units = store.read(lambda s: {u.unit: (u.last_seq, u.battery)
                                      for u in s.exec(select(UnitRow))})
        assert units == {7: (9, 70), 8: (1, 90)}
        store.commit([repo.audit(None, "unit 7", "paired"),
                      repo.audit(tuesday, "director", "stop"),
                      repo.audit(thursday, "director", "start"),
                      repo.audit(thursday, "director", "close_round", section="A", round=1)])
        log = store.audit_log(thursday)
        assert [a.action for a in log] == ["close_round", "start", "paired"]
        assert [a.action for a in store.audit_log(thursday, before=log[0].id, limit=1)] == [
            "start"]
        assert [a.action for a in store.audit_log(tuesday)] == ["stop", "paired"]
    finally:
        store.close()
