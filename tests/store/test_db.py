from sqlalchemy import inspect, text

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
