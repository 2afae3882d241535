from sqlalchemy import create_engine, inspect, text

from basestation.store.db import open_database


def test_migrations_create_every_table(database_url: str) -> None:
    engine = open_database(database_url)
    tables = set(inspect(engine).get_table_names())
    assert {"event", "section", "unit", "result", "answer", "audit", "merge_offer",
            "table_hold", "player", "seating", "hand_record"} <= tables
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
