"""Shared fixtures: real brokers and databases for the integration tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import run_mosquitto, run_postgres


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    with run_postgres() as url:
        yield url


@pytest.fixture
def mosquitto() -> Iterator[int]:
    with run_mosquitto() as port:
        yield port


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each store test runs on SQLite (WAL) and on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'station.db'}"
        return
    base: str = request.getfixturevalue("postgres_server")
    import uuid

    from sqlalchemy import create_engine, text

    name = "t" + uuid.uuid4().hex[:12]
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    yield base.rsplit("/", 1)[0] + "/" + name
