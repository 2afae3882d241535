"""Reading and writing the station's tables. The only module that knows SQL."""

from __future__ import annotations

import contextlib
import functools
import json
import operator
import os
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel, col, select

from basestation.store.db import open_database
from basestation.store.models import (
    AlertThresholdsRow,
    AnswerRow,
    AuditRow,
    CompetitionEventRow,
    CompetitionRow,
    EventRow,
    HandRecordRow,
    MergeOfferRow,
    PlayerRow,
    ResultRow,
    SeatingRow,
    SeatRow,
    SectionRow,
    TableHoldRow,
    TakeoverRow,
    UnitRow,
)


@dataclass(frozen=True)
class Insert:
    """A plain row insert; a batch's inserts into one table go to the database together."""

    table: Any
    values: dict[str, Any]


@dataclass(frozen=True)
class Update:
    """Sets fields of one row by primary key; a row that is gone stays gone. It reads no other
    table, so a batch's plain inserts into other tables need not go to the database first."""

    table: Any
    key: Any
    values: dict[str, Any]


@dataclass(frozen=True)
class OnConnection:
    """SQL run on the transaction's connection, needing nothing of the ORM (the units' upsert,
    forgetting old answers): a batch of only these, inserts and updates is committed on a
    plain connection, without an ORM session (the hub's hot path)."""

    run: Callable[[sa.Connection], None]


Op = Callable[[Session], None] | Insert | Update | OnConnection
_PLAIN = (Insert, Update, OnConnection)  # ops that need no ORM session


@dataclass
class Snapshot:
    """Everything the station needs to rebuild its working memory after a restart."""

    event: EventRow | None
    sections: list[SectionRow] = field(default_factory=list)
    units: list[UnitRow] = field(default_factory=list)
    holds: list[TableHoldRow] = field(default_factory=list)
    tables_held: list[tuple[int, str, int]] = field(default_factory=list)  # ever, by any unit
    results: list[ResultRow] = field(default_factory=list)
    hand_records: list[HandRecordRow] = field(default_factory=list)
    merge_offers: list[MergeOfferRow] = field(default_factory=list)  # still open
    players: list[PlayerRow] = field(default_factory=list)
    seats: list[SeatRow] = field(default_factory=list)  # oldest first: the newest holds
    takeovers: list[TakeoverRow] = field(default_factory=list)  # authorised, not yet taken
    thresholds: AlertThresholdsRow | None = None  # None: the director never set them


class Store:
    """The durable store. `commit` applies a batch of operations in one transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = open_database(url)

    def close(self) -> None:
        self.engine.dispose()

    def commit(self, ops: Iterable[Op]) -> None:
        """Applies `ops` in order in one transaction; returns only once it is durable."""
        ops = list(ops)
        if all(isinstance(op, _PLAIN) for op in ops):
            # Nothing for the ORM: a plain connection, without a session's machinery.
            with self.engine.begin() as connection:
                _apply(ops, lambda: connection, None)
            return
        with Session(self.engine, expire_on_commit=False) as session:

            def flushed() -> sa.Connection:
                session.flush()  # rows the ORM holds go first, as they were asked for first
                return session.connection()

            _apply(ops, flushed, session)
            session.commit()

    def backup(self, path: Path) -> Path:
        """A consistent copy of a SQLite store at `path`, taken while the station runs.

        sqlite3's online backup API copies every page in one read transaction, so writers (WAL)
        carry on and the copy is one committed state. It goes to a temporary file first: a
        half-written backup never replaces a good one. PostgreSQL: use pg_dump (INSTALL.md).
        """
        if self.engine.dialect.name != "sqlite":
            raise ValueError("online backup is for SQLite; back PostgreSQL up with pg_dump")
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.unlink(missing_ok=True)
        raw = self.engine.raw_connection()
        try:
            source = raw.driver_connection
            assert isinstance(source, sqlite3.Connection)
            target = sqlite3.connect(partial)
            try:
                source.backup(target)
                target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            finally:
                target.close()
        finally:
            raw.close()
        with open(partial, "rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, path)
        return path

    def read(self, query: Callable[[Session], Any]) -> Any:
        with Session(self.engine, expire_on_commit=False) as session:
            return query(session)

    def current_event(self, session: Session) -> EventRow | None:
        return session.exec(select(EventRow).order_by(col(EventRow.id).desc())).first()

    def snapshot(self, event_id: int | None = None) -> Snapshot:
        """The open event's rows (the newest event), or those of event `event_id`."""
        def load(session: Session) -> Snapshot:
            event = self.current_event(session) if event_id is None \
                else session.get(EventRow, event_id)
            snap = Snapshot(event=event, units=list(session.exec(select(UnitRow))),
                            players=list(session.exec(select(PlayerRow))),
                            thresholds=session.get(AlertThresholdsRow, 1))
            if event is None:
                return snap
            eid = event.id
            snap.sections = list(session.exec(select(SectionRow).where(SectionRow.event_id == eid)))
            snap.holds = list(session.exec(
                select(TableHoldRow).where(TableHoldRow.event_id == eid, col(TableHoldRow.active))))
            snap.tables_held = [(unit, section, table) for unit, section, table in session.exec(
                select(TableHoldRow.unit, TableHoldRow.section, TableHoldRow.table_no)
                .where(TableHoldRow.event_id == eid).distinct())]
            snap.results = list(session.exec(
                select(ResultRow).where(ResultRow.event_id == eid, ResultRow.status == "active")
                .order_by(col(ResultRow.id))))
            # In the order loaded: a board's deal loaded again replaces the earlier one.
            snap.hand_records = list(session.exec(
                select(HandRecordRow).where(HandRecordRow.event_id == eid)
                .order_by(col(HandRecordRow.id))))
            snap.merge_offers = list(session.exec(select(MergeOfferRow).where(
                MergeOfferRow.event_id == eid, MergeOfferRow.state == "open")))
            snap.takeovers = list(session.exec(select(TakeoverRow).where(
                TakeoverRow.event_id == eid, TakeoverRow.state == "open")))
            snap.seats = list(session.exec(select(SeatRow).where(SeatRow.event_id == eid)
                                           .order_by(col(SeatRow.id))))
            return snap

        result: Snapshot = self.read(load)
        return result

    def audit_log(self, event_id: int | None, *, before: int | None = None,
                  limit: int = 100) -> list[AuditRow]:
        """The event's audit entries (and the station's own, outside any event), newest
        first; `before` pages back from an entry id."""
        def query(session: Session) -> list[AuditRow]:
            wanted: sa.ColumnElement[bool] = col(AuditRow.event_id).is_(None)
            if event_id is not None:
                wanted = sa.or_(wanted, col(AuditRow.event_id) == event_id)
            statement = select(AuditRow).where(wanted)
            if before is not None:
                statement = statement.where(col(AuditRow.id) < before)
            return list(session.exec(statement.order_by(col(AuditRow.id).desc()).limit(limit)))
        return list(self.read(query))

    def events(self) -> list[tuple[EventRow, int]]:
        """Every event, newest first, with its number of results held (active)."""
        def query(session: Session) -> list[tuple[EventRow, int]]:
            held = (select(ResultRow.event_id, sa.func.count().label("n"))
                    .where(col(ResultRow.status) == "active", col(ResultRow.kind) != "penalty")
                    .group_by(col(ResultRow.event_id)).subquery())
            rows = session.exec(select(EventRow, held.c.n)
                                .join(held, held.c.event_id == EventRow.id, isouter=True)
                                .order_by(col(EventRow.id).desc()))
            return [(event, count or 0) for event, count in rows]
        return list(self.read(query))

    def has_audit(self, event_id: int, action: str) -> bool:
        """Whether the event's audit log holds an entry of `action` (how it was opened)."""
        def query(session: Session) -> bool:
            return session.exec(select(AuditRow.id).where(
                AuditRow.event_id == event_id, AuditRow.action == action).limit(1)).first() \
                is not None
        return bool(self.read(query))

    def answer(self, unit: int, seq: int) -> tuple[str, str] | None:
        """The answer once given to a unit's message: (digest of the message, answer JSON)."""
        row = self.read(lambda session: session.get(AnswerRow, (unit, seq)))
        return None if row is None else (row.digest, row.answer_json)

    def history(self, event_id: int, section: str, table: int, round_: int,
                board: int) -> list[ResultRow]:
        """Every entry ever made for one board at one table, oldest first (the audit view)."""
        def load(session: Session) -> list[ResultRow]:
            return list(session.exec(select(ResultRow).where(
                ResultRow.event_id == event_id, ResultRow.section == section,
                ResultRow.table_no == table, ResultRow.round == round_,
                ResultRow.board == board).order_by(col(ResultRow.id))))
        rows: list[ResultRow] = self.read(load)
        return rows

    def audit(self, limit: int = 200) -> list[AuditRow]:
        def load(session: Session) -> list[AuditRow]:
            return list(session.exec(select(AuditRow).order_by(col(AuditRow.id).desc())
                                     .limit(limit)))
        rows: list[AuditRow] = self.read(load)
        return rows

    def merge_offers(self, event_id: int) -> list[MergeOfferRow]:
        def load(session: Session) -> list[MergeOfferRow]:
            return list(session.exec(select(MergeOfferRow).where(
                MergeOfferRow.event_id == event_id).order_by(col(MergeOfferRow.id))))
        rows: list[MergeOfferRow] = self.read(load)
        return rows

    def seatings(self, event_id: int) -> list[SeatingRow]:
        def load(session: Session) -> list[SeatingRow]:
            return list(session.exec(select(SeatingRow).where(SeatingRow.event_id == event_id)))
        rows: list[SeatingRow] = self.read(load)
        return rows

    def competitions(self) -> list[tuple[CompetitionRow, list[int]]]:
        """Every competition, oldest first, with its events' ids in the order added."""
        def load(session: Session) -> list[tuple[CompetitionRow, list[int]]]:
            events: dict[int, list[int]] = {}
            for row in session.exec(select(CompetitionEventRow)
                                    .order_by(col(CompetitionEventRow.id))):
                events.setdefault(row.competition_id, []).append(row.event_id)
            return [(c, events.get(c.id or 0, [])) for c in
                    session.exec(select(CompetitionRow).order_by(col(CompetitionRow.id)))]
        return list(self.read(load))


def add(row: Any) -> Op:
    def op(session: Session) -> None:
        session.add(row)
    return op


def audit(event_id: int | None, actor: str, action: str, **detail: Any) -> Op:
    return Insert(AuditRow, {"event_id": event_id, "at": datetime.now(UTC), "actor": actor,
                             "action": action,
                             "detail": json.dumps(detail, sort_keys=True, default=str)})


def _apply(ops: list[Op], connection: Callable[[], sa.Connection],
           session: Session | None) -> None:
    """Runs `ops` in order in the transaction; `connection` gives its connection (the ORM's
    rows flushed first), `session` is for the ops that need the ORM (None: there are none).
    Plain inserts wait, by table, until an op that reads or changes rows comes (or the end):
    a batch's results go in one statement and its answers in another."""
    pending: dict[Any, list[dict[str, Any]]] = {}
    for op in ops:
        if isinstance(op, Insert):
            pending.setdefault(op.table, []).append(op.values)
            continue
        if isinstance(op, Update):
            if op.table in pending:
                _insert_all(connection, {op.table: pending.pop(op.table)})
            _update(connection(), op)
            continue
        _insert_all(connection, pending)
        if isinstance(op, OnConnection):
            op.run(connection())
        else:
            assert session is not None
            op(session)
    _insert_all(connection, pending)


def _insert_all(connection: Callable[[], sa.Connection],
                pending: dict[Any, list[dict[str, Any]]]) -> None:
    """Rows of different tables here never refer to each other, so grouping keeps them right.
    Each table's rows go in one DBAPI executemany (`_write_rows`): they need nothing back."""
    if pending:
        made = connection()
        for table, rows in pending.items():
            _write_rows(made, table.__table__, rows)
        pending.clear()


def _write_rows(connection: sa.Connection, table: sa.Table, rows: list[dict[str, Any]],
                conflict: str | None = None) -> None:
    """Inserts `rows` into `table` in one executemany of plain SQL, in the transaction of
    `connection`: the hot inserts (results, answers, audit, the units' upsert) are a few
    statements a batch, and SQLAlchemy's statement machinery cost more than the database.

    Each value goes through its column's type (a datetime as SQLAlchemy stores it, a JSON
    column as text), and a column left out takes its default, so the rows read back as if
    the ORM had written them. With `conflict` (a key column) an existing row has the given
    columns replaced instead: the same SQL on SQLite and PostgreSQL. Rows not all of one shape,
    or missing a column whose default is computed, go through SQLAlchemy Core as before."""
    names = tuple(rows[0])
    plan = _plain_insert(connection.dialect, table, names, conflict)
    values: list[tuple[Any, ...]] | None = None
    if plan is not None and all(len(row) == len(names) for row in rows):
        sql, take, convert, fixed = plan
        with contextlib.suppress(KeyError):  # a row of other columns: as below
            values = [_converted([*take(row), *fixed], convert) for row in rows]
    if values is None:
        connection.execute(sa.insert(table) if conflict is None
                           else _upsert(connection.dialect.name, table, names, conflict), rows)
        return
    connection.exec_driver_sql(sql, values)


def _converted(value: list[Any], convert: tuple[tuple[int, Any], ...]) -> tuple[Any, ...]:
    for at, processor in convert:
        value[at] = processor(value[at])
    return tuple(value)


@functools.cache
def _plain_insert(dialect: sa.Dialect, table: sa.Table, names: tuple[str, ...],
                  conflict: str | None) -> tuple[str, Any, Any, tuple[Any, ...]] | None:
    """The SQL text for rows with columns `names`; what takes their values from a row, in
    order; the type conversions, by place; and the stored values of the other columns'
    defaults. None when a column left out has a default that is computed."""
    fixed: dict[str, Any] = {}
    for column in table.columns:
        if column.name in names or column.default is None:
            continue
        default = column.default
        if not isinstance(default, sa.ColumnDefault) or not default.is_scalar:
            return None
        fixed[column.name] = default.arg
    convert = tuple(
        (at, _none_once(processor)) for at, name in enumerate(names)
        for processor in [table.c[name].type.dialect_impl(dialect).bind_processor(dialect)]
        if processor is not None)
    defaults = tuple(
        (processor(value) if processor else value)
        for name, value in fixed.items()
        for processor in [table.c[name].type.dialect_impl(dialect).bind_processor(dialect)])
    quote = dialect.identifier_preparer.quote
    marker = "?" if dialect.paramstyle == "qmark" else "%s"
    columns = [*names, *fixed]
    sql = (f"INSERT INTO {dialect.identifier_preparer.format_table(table)} "
           f"({', '.join(quote(name) for name in columns)}) "
           f"VALUES ({', '.join(marker for _ in columns)})")
    if conflict is not None:
        sql += (f" ON CONFLICT ({quote(conflict)}) DO UPDATE SET "
                + ", ".join(f"{quote(name)} = excluded.{quote(name)}"
                            for name in names if name != conflict))
    take = operator.itemgetter(*names) if len(names) > 1 else (lambda row: (row[names[0]],))
    return sql, take, convert, defaults


def _none_once(processor: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A column's bind processor with None's stored value worked out once: a result's ruling
    is nearly always None, and a JSON column made "null" anew for every row."""
    try:
        stored_none = processor(None)
    except Exception:  # a type that takes no None: as it was
        return processor
    return lambda value: stored_none if value is None else processor(value)


def _update(connection: sa.Connection, op: Update) -> None:
    table = op.table.__table__
    names = tuple(op.values)
    plan = _plain_update(connection.dialect, table, names)
    if plan is None:
        key = table.primary_key.columns.values()[0]
        connection.execute(sa.update(table).where(key == op.key).values(op.values))
        return
    sql, convert = plan
    connection.exec_driver_sql(sql, _converted([*op.values.values(), op.key], convert))


@functools.cache
def _plain_update(dialect: sa.Dialect, table: sa.Table, names: tuple[str, ...]
                  ) -> tuple[str, tuple[tuple[int, Any], ...]] | None:
    """An update of columns `names` by primary key as SQL text (a round moving on is one a
    round per section: building and compiling the statement each time cost more than it), with
    the values' type conversions by place, the key's last. None (SQLAlchemy Core then) for a
    table whose columns change on update by themselves, or a key of several columns."""
    keys = table.primary_key.columns.values()
    if len(keys) != 1 or any(column.onupdate is not None or column.server_onupdate is not None
                             for column in table.columns):
        return None
    quote = dialect.identifier_preparer.quote
    marker = "?" if dialect.paramstyle == "qmark" else "%s"
    sql = (f"UPDATE {dialect.identifier_preparer.format_table(table)} SET "
           + ", ".join(f"{quote(name)} = {marker}" for name in names)
           + f" WHERE {quote(keys[0].name)} = {marker}")
    convert = tuple(
        (at, _none_once(processor)) for at, column in enumerate([*(table.c[n] for n in names),
                                                                 keys[0]])
        for processor in [column.type.dialect_impl(dialect).bind_processor(dialect)]
        if processor is not None)
    return sql, convert


def retire_result(event_id: int, place: tuple[str, int, int, int], status: str) -> Op:
    """Marks the active entry at `place` (section, table, round, board) superseded or erased."""
    section, table, round_, board = place

    def op(session: Session) -> None:
        session.execute(sa.update(ResultRow).where(
            col(ResultRow.event_id) == event_id, col(ResultRow.section) == section,
            col(ResultRow.table_no) == table, col(ResultRow.round) == round_,
            col(ResultRow.board) == board, col(ResultRow.status) == "active",
        ).values(status=status))
    return op


def save_units(rows: list[dict[str, Any]]) -> Op:
    """Writes the units' current state in one upsert, inserting units not yet stored."""
    def run(connection: sa.Connection) -> None:
        # One statement text whatever the number of units: a `unit IN (...)` lookup made a
        # new prepared statement for every batch size, and each one stayed in SQLite's cache.
        _write_rows(connection, UnitRow.__table__, rows,  # type: ignore[attr-defined]
                    conflict="unit")
    return OnConnection(run)


@functools.cache
def _upsert(dialect: str, table: sa.Table, names: tuple[str, ...], conflict: str) -> Any:
    # Made once: building `excluded` (an alias of the table, a proxy per column) in every
    # batch held the worker thread, and with it the event loop, for up to 150 ms at times.
    upsert = (sqlite_insert if dialect == "sqlite" else postgresql_insert)(table)
    return upsert.on_conflict_do_update(
        index_elements=[table.c[conflict]],
        set_={name: upsert.excluded[name] for name in names if name != conflict})


def update(model: type[SQLModel], key: Any, **values: Any) -> Op:
    """Sets fields of the row with primary key `key`; a row that is gone stays gone."""
    def op(session: Session) -> None:
        row = session.get(model, key)
        if row is not None:
            for name, value in values.items():
                setattr(row, name, value)
            session.add(row)
    return op


def set_status(row_id: int, status: str) -> Op:
    """Marks one result row (a penalty, say) superseded or erased."""
    return update(ResultRow, row_id, status=status)


def upsert_unit(values: dict[str, Any]) -> Op:
    def op(session: Session) -> None:
        row = session.get(UnitRow, values["unit"]) or UnitRow(unit=values["unit"])
        for name, value in values.items():
            setattr(row, name, value)
        session.add(row)
    return op


def save_answer(unit: int, seq: int, digest: str, answer: str) -> Op:
    # Only ever a new sequence number: a repeat is answered from memory, never saved again.
    return Insert(AnswerRow, {"unit": unit, "seq": seq, "digest": digest, "answer_json": answer})


def forget_answers(unit: int, below: int) -> Op:
    """Drops the answers to a unit's messages numbered below `below`: only its latest can be
    asked for again (SPEC.md 8), so its answers keep a bounded number of rows."""
    def run(connection: sa.Connection) -> None:
        table = AnswerRow.__table__  # type: ignore[attr-defined]
        connection.execute(sa.delete(table).where(table.c.unit == unit, table.c.seq < below))
    return OnConnection(run)


def insert_result(values: dict[str, Any]) -> Op:
    return Insert(ResultRow, values)


def release_holds(event_id: int, section: str, table: int) -> Op:
    def op(session: Session) -> None:
        for row in session.exec(select(TableHoldRow).where(
                TableHoldRow.event_id == event_id, TableHoldRow.section == section,
                TableHoldRow.table_no == table, col(TableHoldRow.active))):
            row.active = False
            session.add(row)
    return op


def release_unit_holds(event_id: int, unit: int) -> Op:
    def op(session: Session) -> None:
        for row in session.exec(select(TableHoldRow).where(
                TableHoldRow.event_id == event_id, TableHoldRow.unit == unit,
                col(TableHoldRow.active))):
            row.active = False
            session.add(row)
    return op


def update_section_round(section_id: int, round_: int, started: datetime | None = None) -> Op:
    """The section's round moves on; its round clock starts at `started` (else now)."""
    return Update(SectionRow, section_id, {"current_round": round_,
                                           "round_started": started or datetime.now(UTC)})


def set_round_clock(section_id: int, per_board: float, per_round: float) -> Op:
    return Update(SectionRow, section_id, {"board_minutes": per_board,
                                           "round_minutes": per_round})


def set_player_numbers(section_id: int, ask: str) -> Op:
    return Update(SectionRow, section_id, {"player_numbers": ask})


def set_result_entry(section_id: int, entry: str) -> Op:
    return Update(SectionRow, section_id, {"result_entry": entry})


def set_pads(section_id: int, pads: str) -> Op:
    return Update(SectionRow, section_id, {"pads": pads})


def set_round_rankings(section_id: int, shown: bool, hide_first: int, hide_last: int) -> Op:
    return Update(SectionRow, section_id, {"round_rankings": shown,
                                           "rankings_hide_first": hide_first,
                                           "rankings_hide_last": hide_last})


def save_thresholds(silent_minutes: float, bad_mac_run: int, rounds_behind: int) -> Op:
    """The director's alert thresholds, kept for every night until changed."""
    return merge(AlertThresholdsRow(id=1, silent_minutes=silent_minutes,
                                    bad_mac_run=bad_mac_run, rounds_behind=rounds_behind))


def open_takeover(event_id: int, section: str, table: int) -> Op:
    return Insert(TakeoverRow, {"event_id": event_id, "section": section, "table_no": table,
                                "state": "open", "created_at": datetime.now(UTC)})


def close_takeovers(event_id: int, section: str, table: int, state: str) -> Op:
    """The table's open takeover is over: `taken` by a pad, or `withdrawn` by the director."""
    def op(session: Session) -> None:
        session.execute(sa.update(TakeoverRow).where(
            col(TakeoverRow.event_id) == event_id, col(TakeoverRow.section) == section,
            col(TakeoverRow.table_no) == table, col(TakeoverRow.state) == "open",
        ).values(state=state))
    return op


def update_section_movement(section_id: int, movement_json: str, tables: int, boards: int,
                            phantom: bool) -> Op:
    return update(SectionRow, section_id, movement_json=movement_json, tables=tables,
                  boards=boards, phantom=phantom)


def set_running(event_id: int, running: bool) -> Op:
    return update(EventRow, event_id, running=running)


def insert(row: Any, on_id: Callable[[int], None]) -> Op:
    """Adds `row` and reports its new id (the station keeps it to supersede the row later)."""
    def op(session: Session) -> None:
        session.add(row)
        session.flush()
        on_id(row.id)
    return op


def create_event(event: EventRow, sections: list[SectionRow],
                 hand_records: dict[str, dict[int, str]]) -> Op:
    """Adds a new event with its sections and hand records (the newest event is the open one)."""
    def op(session: Session) -> None:
        session.add(event)
        session.flush()
        assert event.id is not None
        for row in sections:
            row.event_id = event.id
            session.add(row)
        for letter, deals in hand_records.items():
            for board, deal in sorted(deals.items()):
                session.add(HandRecordRow(event_id=event.id, section=letter, board=board,
                                          deal=deal))
    return op


def merge(row: Any) -> Op:
    def op(session: Session) -> None:
        session.merge(row)
    return op


def close_merge_offer(offer_id: int, state: str) -> Op:
    return update(MergeOfferRow, offer_id, state=state)


def add_competition_event(competition_id: int, event_id: int) -> Op:
    return Insert(CompetitionEventRow, {"competition_id": competition_id, "event_id": event_id})


def remove_competition_event(competition_id: int, event_id: int) -> Op:
    def op(session: Session) -> None:
        session.execute(sa.delete(CompetitionEventRow).where(
            col(CompetitionEventRow.competition_id) == competition_id,
            col(CompetitionEventRow.event_id) == event_id))
    return op
