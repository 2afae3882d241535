"""The hot writes (results, answers, audit, the units' upsert) go as plain executemany, and
updates by key as plain SQL: the rows must read back exactly as SQLAlchemy's ORM (a session's
add, or a loaded row's fields set, then flushed) would have written them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session, select

from basestation.store import repository as repo
from basestation.store.models import (
    AnswerRow,
    AuditRow,
    EventRow,
    ResultRow,
    SectionRow,
    UnitRow,
)
from basestation.store.repository import Store
from tests.helpers import result_row

WHEN = datetime(2026, 11, 24, 19, 30, 5, 123456, tzinfo=UTC)


def unit(number: int, **fields: Any) -> dict[str, Any]:
    return {"unit": number, "last_seq": 5, "last_seen": WHEN, "battery": 80,
            "firmware": "1.2", "section": "A", "table_no": 3, "locked_reason": None,
            "replaced_by": None, "bad_macs": 0, "down_seq": 2**35, **fields}


def columns(row: Any) -> dict[str, Any]:
    return {name: value for name, value in row.model_dump().items() if name != "id"}


def through_the_orm(store: Store, write: Callable[[Session], None]) -> None:
    """`write` made with an ORM session, flushed and committed as SQLAlchemy does it: the
    other side of each comparison here (the station's own writes never take this path)."""
    with Session(store.engine) as session:
        write(session)
        session.commit()


@pytest.fixture
def store(database_url: str) -> Any:
    store = Store(database_url)
    store.commit([repo.merge(EventRow(id=1, name="Monday pairs"))])
    yield store
    store.close()


def test_rows_read_back_as_the_orm_writes_them(store: Store) -> None:
    ruling = {"ns_percent": 60, "ew_percent": 40}
    store.commit([repo.insert_result(result_row(1, created_at=WHEN)),
                  repo.insert_result(result_row(2, ruling=ruling, created_at=WHEN)),
                  repo.save_answer(17, 2, "ab" * 16, '[{"body":{"re":2},"type":"ack"}]'),
                  repo.audit(1, "unit 17", "login", section="A", table=3),
                  repo.save_units([unit(17), unit(18, battery=None)])])
    # The same rows through the ORM, for comparison.
    through_the_orm(store, lambda session: session.add_all(
        [ResultRow(**result_row(3, created_at=WHEN)),
         ResultRow(**result_row(4, ruling=ruling, created_at=WHEN))]))
    rows = store.read(lambda s: list(s.exec(select(ResultRow).order_by(ResultRow.board))))
    assert [columns(row) for row in rows[:2]] == [
        {**columns(row), "board": board, "seq": 2**40 + board}
        for row, board in zip(rows[2:], (1, 2), strict=True)]
    assert rows[1].ruling == ruling and rows[0].ruling is None
    assert rows[0].created_at == WHEN and rows[0].seq == 2**40 + 1
    # JSON null, as SQLAlchemy stores a None ruling, on either database.
    raw = store.read(lambda s: s.connection().execute(sa.text(
        "SELECT board, ruling FROM result ORDER BY board")).all())
    assert raw[0][1] == raw[2][1]
    assert store.answer(17, 2) == ("ab" * 16, '[{"body":{"re":2},"type":"ack"}]')
    [entry] = store.audit_log(1)
    assert (entry.actor, entry.action, entry.detail) == (
        "unit 17", "login", '{"section": "A", "table": 3}')
    units = store.snapshot().units
    # A new unit takes the columns' defaults for what the upsert leaves out.
    assert [(u.unit, u.key_epoch, u.kind, u.battery, u.last_seen, u.down_seq) for u in units] \
        == [(17, 0, "", 80, WHEN, 2**35), (18, 0, "", None, WHEN, 2**35)]


def test_the_units_upsert_changes_only_what_it_names(store: Store) -> None:
    store.commit([repo.upsert_unit({"unit": 17, "key_epoch": 3, "kind": "pad"})])
    store.commit([repo.save_units([unit(17, battery=55, last_seq=9)])])
    store.commit([repo.save_units([unit(17, battery=54, last_seq=10), unit(19)])])
    units = {u.unit: u for u in store.snapshot().units}
    assert (units[17].key_epoch, units[17].kind, units[17].battery, units[17].last_seq) == (
        3, "pad", 54, 10)
    assert (units[19].key_epoch, units[19].last_seq) == (0, 5)


def test_a_refused_row_rolls_the_whole_batch_back(store: Store) -> None:
    answer = repo.save_answer(17, 2, "x", "[]")
    with pytest.raises(sa.exc.IntegrityError):
        store.commit([repo.insert_result(result_row(1, created_at=WHEN)), answer, answer])
    assert store.read(lambda s: list(s.exec(select(ResultRow)))) == []
    assert store.read(lambda s: list(s.exec(select(AnswerRow)))) == []
    assert store.read(lambda s: list(s.exec(select(AuditRow)))) == []
    assert store.read(lambda s: list(s.exec(select(UnitRow)))) == []


def test_updates_by_key_read_back_as_the_orm_writes_them(store: Store) -> None:
    """Updates by key go as plain SQL, each value through its column's type: the section the
    plain way reads back as the one changed through the ORM (a loaded row's fields set)."""
    event = store.snapshot().event
    assert event is not None
    sections = [SectionRow(event_id=1, letter=letter, movement_kind="mitchell", tables=3,
                           boards=6, movement_json="{}") for letter in "AB"]
    store.commit([repo.add(row) for row in sections])
    plain, orm = (store.read(lambda s, letter=letter: s.exec(
        select(SectionRow).where(SectionRow.letter == letter)).one().id) for letter in "AB")
    changes: dict[str, Any] = {"current_round": 3, "round_started": WHEN}
    store.commit([repo.update_section_round(plain, 3, WHEN),
                  repo.set_round_clock(plain, 7.5, 1.0),
                  repo.set_round_rankings(plain, True, 1, 0),
                  repo.update_section_round(plain + 99, 5)])  # a row that is gone stays gone
    changes |= {"board_minutes": 7.5, "round_minutes": 1.0, "round_rankings": True,
                "rankings_hide_first": 1, "rankings_hide_last": 0}

    def changed(session: Session) -> None:
        row = session.get(SectionRow, orm)
        assert row is not None
        for name, value in changes.items():
            setattr(row, name, value)

    through_the_orm(store, changed)
    rows = store.read(lambda s: list(s.exec(select(SectionRow).order_by(SectionRow.letter))))
    assert [columns(row) for row in rows] == [{**columns(rows[1]), "letter": "A"},
                                              columns(rows[1])]
    assert rows[0].round_started == WHEN and rows[0].current_round == 3


def test_a_batch_of_plain_writes_forgets_old_answers_in_order(store: Store) -> None:
    """Answers, the units' upsert and forgetting answers commit together, in order, without an
    ORM session: what is forgotten is what was there before."""
    store.commit([repo.save_answer(17, seq, "d", "[]") for seq in range(1, 4)])
    store.commit([repo.save_answer(17, 4, "d", "[]"), repo.forget_answers(17, 4),
                  repo.save_answer(17, 5, "d", "[]"), repo.save_units([unit(17, last_seq=5)])])
    kept = store.read(lambda s: [a.seq for a in s.exec(select(AnswerRow).order_by(AnswerRow.seq))])
    assert kept == [4, 5]
    assert store.snapshot().units[0].last_seq == 5
