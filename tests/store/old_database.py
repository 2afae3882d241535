"""A database left at an older schema revision, holding rows written in that schema's terms:
what a club's station file looks like before an upgrade."""

from __future__ import annotations

from typing import Any

from alembic import command
from sqlalchemy import text

from basestation.store.db import alembic_config, make_engine


def database_at(database_url: str, revision: str,
                *rows: str | tuple[str, dict[str, Any]]) -> None:
    """Migrates the database to `revision` only, then runs each insert (SQL, or SQL with its
    parameters) in the same transaction."""
    engine = make_engine(database_url)
    with engine.begin() as conn:
        config = alembic_config(database_url)
        config.attributes["connection"] = conn
        command.upgrade(config, revision)
        for row in rows:
            sql, params = (row, {}) if isinstance(row, str) else row
            conn.execute(text(sql), params)
    engine.dispose()
