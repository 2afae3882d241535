"""Reading and writing the station's tables. The only module that knows SQL."""

from __future__ import annotations

import functools
import json
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
    ClubRow,
    CompetitionEventRow,
    CompetitionRow,
    EventRow,
    HandRecordRow,
    MergeOfferRow,
    PenaltyRow,
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
    """SQLAlchemy Core statements run on the transaction's connection (an upsert, an update
    of the rows matching a condition, an insert whose new id is wanted)."""

    run: Callable[[sa.Connection], object]  # what it gives back is not used


# Every write is one of these, run with SQLAlchemy Core in one transaction (`Store.commit`);
# the ORM only reads.
Op = Insert | Update | OnConnection


@dataclass
class Snapshot:
    """Everything the station needs to rebuild its working memory after a restart."""

    event: EventRow | None
    sections: list[SectionRow] = field(default_factory=list)
    units: list[UnitRow] = field(default_factory=list)
    holds: list[TableHoldRow] = field(default_factory=list)
    tables_held: list[tuple[int, str, int]] = field(default_factory=list)  # ever, by any unit
    results: list[ResultRow] = field(default_factory=list)
    # Each table's latest round a pad of its entered something for, whatever became of it
    # (superseded or erased since): (section, table, round).
    heard: list[tuple[str, int, int]] = field(default_factory=list)
    hand_records: list[HandRecordRow] = field(default_factory=list)
    merge_offers: list[MergeOfferRow] = field(default_factory=list)  # still open
    offered: set[str] = field(default_factory=set)  # every offer's body, open or decided
    players: list[PlayerRow] = field(default_factory=list)
    seats: list[SeatRow] = field(default_factory=list)  # oldest first: the newest holds
    takeovers: list[TakeoverRow] = field(default_factory=list)  # authorised, not yet taken
    penalties: list[PenaltyRow] = field(default_factory=list)  # not removed, oldest first
    thresholds: AlertThresholdsRow | None = None  # None: the director never set them
    club: ClubRow | None = None  # None: station.toml's values hold


class Store:
    """The durable store. `commit` applies a batch of operations in one transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = open_database(url)

    def close(self) -> None:
        self.engine.dispose()

    def commit(self, ops: Iterable[Op]) -> None:
        """Applies `ops` in order in one transaction; returns only once it is durable."""
        with self.engine.begin() as connection:
            _apply(list(ops), connection)

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
        """The open event: the newest set up here (an event imported from a file of the
        years before never is)."""
        return session.exec(select(EventRow).where(col(EventRow.imported).is_(None))
                            .order_by(col(EventRow.id).desc())).first()

    def imported_events(self) -> dict[str, EventRow]:
        """The events imported from files, by the file's digest."""
        def query(session: Session) -> dict[str, EventRow]:
            rows = session.exec(select(EventRow).where(col(EventRow.imported).is_not(None)))
            return {row.imported: row for row in rows if row.imported is not None}
        found: dict[str, EventRow] = self.read(query)
        return found

    def snapshot(self, event_id: int | None = None) -> Snapshot:
        """The open event's rows (the newest event), or those of event `event_id`."""
        def load(session: Session) -> Snapshot:
            event = self.current_event(session) if event_id is None \
                else session.get(EventRow, event_id)
            snap = Snapshot(event=event, units=list(session.exec(select(UnitRow))),
                            players=list(session.exec(select(PlayerRow))),
                            thresholds=session.get(AlertThresholdsRow, 1),
                            club=session.get(ClubRow, 1))
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
            snap.heard = [(section, table, round_) for section, table, round_ in session.exec(
                select(ResultRow.section, ResultRow.table_no, sa.func.max(ResultRow.round))
                .where(ResultRow.event_id == eid, ResultRow.source == "pad")
                .group_by(col(ResultRow.section), col(ResultRow.table_no)))]
            # In the order loaded: a board's deal loaded again replaces the earlier one.
            snap.hand_records = list(session.exec(
                select(HandRecordRow).where(HandRecordRow.event_id == eid)
                .order_by(col(HandRecordRow.id))))
            snap.merge_offers = list(session.exec(select(MergeOfferRow).where(
                MergeOfferRow.event_id == eid, MergeOfferRow.state == "open")))
            snap.offered = set(session.exec(select(MergeOfferRow.body_json).where(
                MergeOfferRow.event_id == eid)))
            snap.takeovers = list(session.exec(select(TakeoverRow).where(
                TakeoverRow.event_id == eid, TakeoverRow.state == "open")))
            snap.seats = list(session.exec(select(SeatRow).where(SeatRow.event_id == eid)
                                           .order_by(col(SeatRow.id))))
            snap.penalties = list(session.exec(
                select(PenaltyRow).where(PenaltyRow.event_id == eid,
                                         PenaltyRow.status == "active")
                .order_by(col(PenaltyRow.id))))
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
                    .where(col(ResultRow.status) == "active")
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


def _table(model: Any) -> sa.Table:
    table: sa.Table = model.__table__
    return table


def _values(row: Any) -> dict[str, Any]:
    """A row object's column values (its defaults filled when it was made); an id not given
    yet is left to the database."""
    table = _table(type(row))
    return {c.name: getattr(row, c.name) for c in table.columns
            if not (c.primary_key and c.autoincrement is not False
                    and getattr(row, c.name) is None)}


def add(row: Any) -> Op:
    return Insert(type(row), _values(row))


def audit(event_id: int | None, actor: str, action: str, **detail: Any) -> Op:
    return Insert(AuditRow, {"event_id": event_id, "at": datetime.now(UTC), "actor": actor,
                             "action": action,
                             "detail": json.dumps(detail, sort_keys=True, default=str)})


def deferred(make: Callable[[], Op]) -> Op:
    """An op made only when it runs: it needs what an earlier op of the same batch gives (a
    new event's id, say)."""
    return OnConnection(lambda connection: _apply([make()], connection))


def _apply(ops: list[Op], connection: sa.Connection) -> None:
    """Runs `ops` in order on the transaction's connection. Plain inserts wait, by table,
    until another op comes (or the end): a batch's results go in one executemany and its
    answers in another. Rows of different tables here never refer to each other, so
    grouping keeps them right."""
    pending: dict[Any, list[dict[str, Any]]] = {}
    for op in ops:
        if isinstance(op, Insert):
            pending.setdefault(op.table, []).append(op.values)
            continue
        if isinstance(op, Update):
            if op.table in pending:
                _insert_rows(connection, op.table, pending.pop(op.table))
            table = _table(op.table)
            key = table.primary_key.columns.values()[0]
            connection.execute(sa.update(table).where(key == op.key).values(op.values))
            continue
        for model, rows in pending.items():
            _insert_rows(connection, model, rows)
        pending.clear()
        op.run(connection)
    for model, rows in pending.items():
        _insert_rows(connection, model, rows)


def _insert_rows(connection: sa.Connection, model: Any, rows: list[dict[str, Any]]) -> None:
    """One Core executemany per shape of row (the same columns), in the order given."""
    table = _table(model)
    start = 0
    for end in range(1, len(rows) + 1):
        if end == len(rows) or rows[end].keys() != rows[start].keys():
            connection.execute(_insert(table), rows[start:end])
            start = end


@functools.cache
def _insert(table: sa.Table) -> sa.Insert:
    # One statement object a table: SQLAlchemy works out its cache key once, not per batch.
    return sa.insert(table)


def retire_result(event_id: int, place: tuple[str, int, int, int], status: str) -> Op:
    """Marks the active entry at `place` (section, table, round, board) superseded or erased."""
    section, table, round_, board = place

    rows = _table(ResultRow)
    return OnConnection(lambda connection: connection.execute(sa.update(rows).where(
        rows.c.event_id == event_id, rows.c.section == section, rows.c.table_no == table,
        rows.c.round == round_, rows.c.board == board, rows.c.status == "active",
    ).values(status=status)))


def save_units(rows: list[dict[str, Any]]) -> Op:
    """Writes the units' current state in one upsert, inserting units not yet stored."""
    def run(connection: sa.Connection) -> None:
        # One statement whatever the number of units: a `unit IN (...)` lookup made a new
        # prepared statement for every batch size, and each one stayed in SQLite's cache.
        if rows:
            connection.execute(_upsert(connection.dialect.name, _table(UnitRow),
                                       tuple(rows[0]), "unit"), rows)
    return OnConnection(run)


@functools.cache
def _upsert(dialect: str, table: sa.Table, names: tuple[str, ...], conflict: str) -> Any:
    # Made once: building `excluded` (an alias of the table, a proxy per column) in every
    # batch held the worker thread, and with it the event loop, for up to 150 ms at times.
    upsert = (sqlite_insert if dialect == "sqlite" else postgresql_insert)(table)
    changed = {name: upsert.excluded[name] for name in names if name != conflict}
    if not changed:  # only the key given: a row already there stays as it is
        return upsert.on_conflict_do_nothing(index_elements=[table.c[conflict]])
    return upsert.on_conflict_do_update(index_elements=[table.c[conflict]], set_=changed)


def update(model: type[SQLModel], key: Any, **values: Any) -> Op:
    """Sets fields of the row with primary key `key`; a row that is gone stays gone."""
    return Update(model, key, values)


def erase_penalty(row_id: int) -> Op:
    """The director removed the penalty (it stays, marked erased)."""
    return update(PenaltyRow, row_id, status="erased")


def upsert_unit(values: dict[str, Any]) -> Op:
    """The unit's given fields; a unit not stored yet is added with the others' defaults."""
    row = _values(UnitRow(**values))

    def run(connection: sa.Connection) -> None:
        connection.execute(_upsert(connection.dialect.name, _table(UnitRow), tuple(values),
                                   "unit").values(row))
    return OnConnection(run)


def save_answer(unit: int, seq: int, digest: str, answer: str) -> Op:
    # Only ever a new sequence number: a repeat is answered from memory, never saved again.
    return Insert(AnswerRow, {"unit": unit, "seq": seq, "digest": digest, "answer_json": answer})


def forget_answers(unit: int, below: int) -> Op:
    """Drops the answers to a unit's messages numbered below `below`: only its latest can be
    asked for again (SPEC.md 8), so its answers keep a bounded number of rows."""
    answers = _table(AnswerRow)
    return OnConnection(lambda connection: connection.execute(
        sa.delete(answers).where(answers.c.unit == unit, answers.c.seq < below)))


def insert_result(values: dict[str, Any]) -> Op:
    return Insert(ResultRow, values)


def release_holds(event_id: int, section: str, table: int) -> Op:
    holds = _table(TableHoldRow)
    return OnConnection(lambda connection: connection.execute(sa.update(holds).where(
        holds.c.event_id == event_id, holds.c.section == section, holds.c.table_no == table,
        holds.c.active).values(active=False)))


def release_unit_holds(event_id: int, unit: int) -> Op:
    holds = _table(TableHoldRow)
    return OnConnection(lambda connection: connection.execute(sa.update(holds).where(
        holds.c.event_id == event_id, holds.c.unit == unit, holds.c.active,
    ).values(active=False)))


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


def save_club_language(code: str) -> Op:
    """The club's language as the director set it on /setup, kept until changed."""
    return merge(ClubRow(id=1, language=code))


def open_takeover(event_id: int, section: str, table: int) -> Op:
    return Insert(TakeoverRow, {"event_id": event_id, "section": section, "table_no": table,
                                "state": "open", "created_at": datetime.now(UTC)})


def close_takeovers(event_id: int, section: str, table: int, state: str) -> Op:
    """The table's open takeover is over: `taken` by a pad, or `withdrawn` by the director."""
    takeovers = _table(TakeoverRow)
    return OnConnection(lambda connection: connection.execute(sa.update(takeovers).where(
        takeovers.c.event_id == event_id, takeovers.c.section == section,
        takeovers.c.table_no == table, takeovers.c.state == "open").values(state=state)))


def update_section_movement(section_id: int, movement_json: str, tables: int, boards: int,
                            phantom: bool) -> Op:
    return update(SectionRow, section_id, movement_json=movement_json, tables=tables,
                  boards=boards, phantom=phantom)


def set_running(event_id: int, running: bool) -> Op:
    return update(EventRow, event_id, running=running)


def insert(row: Any, on_id: Callable[[int], None]) -> Op:
    """Adds `row` and reports its new id (the station keeps it to supersede the row later)."""
    def run(connection: sa.Connection) -> None:
        on_id(_inserted(connection, row))
    return OnConnection(run)


def _inserted(connection: sa.Connection, row: Any) -> int:
    """Inserts `row`, gives it its new id and returns that."""
    made = connection.execute(sa.insert(_table(type(row))).values(_values(row)))
    assert made.inserted_primary_key is not None
    row.id = made.inserted_primary_key[0]
    new_id: int = row.id
    return new_id


def create_event(event: EventRow, sections: list[SectionRow],
                 hand_records: dict[str, dict[int, str]]) -> Op:
    """Adds a new event with its sections and hand records (the newest event is the open one)."""
    def run(connection: sa.Connection) -> None:
        event_id = _inserted(connection, event)
        for row in sections:
            row.event_id = event_id
            _inserted(connection, row)
        deals = [{"event_id": event_id, "section": letter, "board": board, "deal": deal}
                 for letter, by_board in hand_records.items()
                 for board, deal in sorted(by_board.items())]
        if deals:
            connection.execute(sa.insert(_table(HandRecordRow)), deals)
    return OnConnection(run)


def import_event(event: EventRow, sections: list[SectionRow], rows: list[Any],
                 on_id: Callable[[int], None]) -> Op:
    """Adds an event of the years before with its sections and its other rows (results,
    seats, hand records: each given the event's id), in the batch's one transaction."""
    def run(connection: sa.Connection) -> None:
        event_id = _inserted(connection, event)
        for row in sections:
            row.event_id = event_id
            _inserted(connection, row)
        by_table: dict[Any, list[dict[str, Any]]] = {}
        for row in rows:
            row.event_id = event_id
            by_table.setdefault(_table(type(row)), []).append(_values(row))
        for table, values in by_table.items():
            connection.execute(sa.insert(table), values)
        on_id(event_id)
    return OnConnection(run)


def merge(row: Any) -> Op:
    """Adds `row`, or replaces the row with its primary key."""
    values = _values(row)
    table = _table(type(row))
    (key,) = table.primary_key.columns.values()

    def run(connection: sa.Connection) -> None:
        connection.execute(_upsert(connection.dialect.name, table, tuple(values), key.name)
                           .values(values))
    return OnConnection(run)


def close_merge_offer(offer_id: int, state: str) -> Op:
    return update(MergeOfferRow, offer_id, state=state)


def rewrite_merge_offer_row(row: MergeOfferRow, body_json: str) -> Op:
    """A later entry for an offer whose row was inserted earlier in the same transaction:
    its id is read when the op runs."""
    offers = _table(MergeOfferRow)
    return OnConnection(lambda connection: connection.execute(
        sa.update(offers).where(offers.c.id == row.id).values(body_json=body_json)))


def add_competition_event(competition_id: int, event_id: int) -> Op:
    return Insert(CompetitionEventRow, {"competition_id": competition_id, "event_id": event_id})


def remove_competition_event(competition_id: int, event_id: int) -> Op:
    links = _table(CompetitionEventRow)
    return OnConnection(lambda connection: connection.execute(sa.delete(links).where(
        links.c.competition_id == competition_id, links.c.event_id == event_id)))
