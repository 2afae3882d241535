"""Migration 0005: event.format and event.rounds; events held before stay pairs events."""

from __future__ import annotations

from sqlalchemy import text

from basestation.store.db import open_database
from tests.store.old_database import database_at


def test_events_held_before_formats_were_kept_stay_pairs(database_url: str) -> None:
    database_at(database_url, "0004",
                "INSERT INTO event (name, regulations, running, created_at) "
                "VALUES ('Old pairs', 'nz', false, '2026-03-04 19:30:00')")
    engine = open_database(database_url)
    with engine.connect() as conn:
        row = conn.execute(text("SELECT name, format, rounds FROM event")).one()
    engine.dispose()
    assert tuple(row) == ("Old pairs", "pairs", 0)
