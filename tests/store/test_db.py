from sqlalchemy import create_engine, inspect, text

from basestation.store.db import open_database
from tests.store.old_database import database_at


def test_migrations_create_every_table(database_url: str) -> None:
    engine = open_database(database_url)
    tables = set(inspect(engine).get_table_names())
    assert {"event", "section", "unit", "result", "answer", "audit", "merge_offer",
            "table_hold", "player", "seating", "hand_record", "competition",
            "competition_event"} <= tables
    open_database(database_url).dispose()  # a second start finds nothing to do
    engine.dispose()


def test_sqlite_runs_in_wal_mode(tmp_path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'x.db'}")
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
    engine.dispose()


def test_an_old_database_is_brought_up_to_date(tmp_path) -> None:
    """A database made by the first schema gains the later columns, keeping its rows."""
    from alembic import command

    from basestation.store.db import alembic_config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0001")
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO unit (unit, key_epoch, kind, firmware, last_seq, bad_macs)"
                          " VALUES (7, 0, '', '', 41, 0)"))
    engine.dispose()
    engine = open_database(url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT last_seq, down_seq FROM unit")).one() == (41, 0)
    engine.dispose()


def test_events_held_before_dates_were_kept_take_the_day_they_were_made(
        database_url: str) -> None:
    """Migration 0003 adds event.date; an event already in the database keeps its rows and
    gets the day it was created as its date."""
    from datetime import date

    database_at(database_url, "0002",
                "INSERT INTO event (name, regulations, running, created_at) "
                "VALUES ('Old pairs', 'nz', false, '2026-03-04 19:30:00')")
    engine = open_database(database_url)
    with engine.connect() as conn:
        name, held_on = conn.execute(text("SELECT name, date FROM event")).one()
    engine.dispose()
    assert name == "Old pairs"
    assert str(held_on) == str(date(2026, 3, 4))


def test_events_stopped_before_publishing_was_its_own_step_stay_public(
        database_url: str) -> None:
    """Migration 0004 adds event.ended and event.published. Before it, stopping an event ended
    it and made its results public, so a stopped event comes through ended and published; one
    still running comes through neither."""
    database_at(database_url, "0003", *(
        ("INSERT INTO event (name, regulations, running, created_at, date) "
         "VALUES (:name, 'nz', :running, '2026-03-04 19:30:00', '2026-03-04')",
         {"name": name, "running": running})
        for name, running in (("Stopped", False), ("In play", True))))
    engine = open_database(database_url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT name, ended, published FROM event ORDER BY id")).all()
    engine.dispose()
    assert [tuple(r) for r in rows] == [("Stopped", True, True), ("In play", False, False)]


def test_sections_stored_before_the_round_clock_was_kept_still_load(
        database_url: str) -> None:
    """Migration 0007 adds the round clock and round length to sections, the unit that
    replaced a locked one, and tables for takeovers and the alert thresholds; a section stored
    before has neither clock nor length (its clock starts at the next start)."""
    database_at(database_url, "0006",
                "INSERT INTO event (name, regulations, running, created_at, date, ended, "
                "published, format, rounds) VALUES ('Old pairs', 'nz', true, "
                "'2026-03-04 19:30:00', '2026-03-04', false, false, 'pairs', 0)",
                "INSERT INTO section (event_id, letter, movement_kind, tables, boards, phantom,"
                " movement_json, current_round) VALUES (1, 'A', 'mitchell', 3, 6, false, '{}',"
                " 2)")
    engine = open_database(database_url)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT current_round, round_started, round_minutes "
                                "FROM section")).one()
        assert tuple(row) == (2, None, None)
        assert conn.execute(text("SELECT count(*) FROM takeover")).scalar() == 0
        assert conn.execute(text("SELECT count(*) FROM alert_thresholds")).scalar() == 0
    engine.dispose()


def test_players_stored_before_national_numbers_keep_their_names(database_url: str) -> None:
    """Migration 0008 adds national numbers to the club's player list (none for a player
    stored before) and the table of who plays for each pair or team."""
    database_at(database_url, "0007",
                "INSERT INTO player (number, name) VALUES (101, 'Ann Smith')")
    engine = open_database(database_url)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT number, name, national FROM player")).one()
        assert tuple(row) == (101, "Ann Smith", None)
        assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 0
    engine.dispose()
