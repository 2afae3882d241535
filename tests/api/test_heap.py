"""`basestation serve` settles the heap once its station has started (station/heap.py); an
app made for a process running many stations does not."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.config import StationConfig
from tests.servers import fresh_database


@pytest.mark.parametrize("settle", [True, False])
async def test_the_heap_is_settled_once_the_station_has_started(
        tmp_path: Path, migrated_database: Path, unfrozen: None, settle: bool) -> None:
    config = StationConfig(id="club", database=fresh_database(tmp_path / "station.db",
                                                              migrated_database))
    station = Station(config)
    app = create_app(station, settle_heap=settle)
    async with app.router.lifespan_context(app):
        # Everything alive once it had started, its working memory with it, is out of the
        # collector's walks: a full collection walks only what came since.
        assert (gc.get_freeze_count() > 0) is settle


def test_serve_settles_the_heap(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The command asks for it: what a club runs is what the bench measures."""
    import basestation.api.app as api_app
    from basestation.cli import app as cli

    asked: list[object] = []

    def made(station: Station, **options: object) -> None:
        asked.append(options.get("settle_heap"))
        raise SystemExit(3)  # no server started

    monkeypatch.setattr(api_app, "create_app", made)
    config = tmp_path / "station.toml"
    config.write_text(f"""
[station]
id = "club"
secret = "a-long-random-secret-of-the-club"
director_password = "not-the-default"
database = "sqlite:///{tmp_path / 'station.db'}"
http = "127.0.0.1:8000"
""")
    outcome = CliRunner().invoke(cli, ["serve", "--config", str(config)])
    assert (outcome.exit_code, asked) == (3, [True]), outcome.output
