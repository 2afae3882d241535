"""Online SQLite backups: consistent copies while the station writes, at the end of a session
(the director ends it) and on demand (`basestation backup`)."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from basestation.api.app import create_app
from basestation.cli import app
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.session.state import SessionState
from basestation.store import repository as repo
from basestation.store.repository import Store
from tests.api.conftest import BROWSER


def write_config(path: Path, database: str) -> Path:
    path.write_text(f'[station]\ndatabase = "{database}"\n')
    return path


def pairs_held(copy: Path) -> tuple[int, int]:
    """(results, answers) in a copy; each writer transaction adds one of each."""
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        results = db.execute("SELECT count(*) FROM result WHERE unit = 5").fetchone()[0]
        answers = db.execute("SELECT count(*) FROM answer WHERE unit = 5").fetchone()[0]
    return results, answers


def test_backup_is_consistent_while_the_station_writes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'station.db'}"
    config = write_config(tmp_path / "station.toml", url)
    writer_store = Store(url)
    event, sections = SessionState.event_rows(
        "Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    writer_store.commit([repo.create_event(event, sections, {})])
    stop = threading.Event()
    written = [0]

    def write() -> None:
        # One result and its answer per transaction, as the hub commits them: a copy holding
        # one without the other would be torn.
        seq = 0
        while not stop.is_set():
            seq += 1
            writer_store.commit([
                repo.insert_result({"event_id": event.id, "section": "A", "table_no": 1,
                                    "round": 1, "board": 1, "kind": "result", "unit": 5,
                                    "seq": seq, "status": "superseded", "flags": "",
                                    "source": "pad", "created_at": datetime.now(UTC)}),
                repo.save_answer(5, seq, "d" * 32, "[]")])
            written[0] = seq

    thread = threading.Thread(target=write)
    thread.start()
    copies = []
    try:
        for n in range(6):
            copy = tmp_path / f"copy{n}.db"
            done = CliRunner().invoke(app, ["backup", "--config", str(config), "--out", str(copy)])
            assert done.exit_code == 0, done.output
            copies.append(copy)
    finally:
        stop.set()
        thread.join()
        writer_store.close()
    counts = [pairs_held(copy) for copy in copies]
    assert all(results == answers for results, answers in counts), counts
    assert counts[-1][0] > 0 and written[0] >= counts[-1][0]
    assert not list(tmp_path.glob("*.partial"))


def test_backup_refuses_postgresql(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'x.db'}")
    store.close()
    config = write_config(tmp_path / "pg.toml", "postgresql+psycopg://nobody@127.0.0.1:1/none")
    done = CliRunner().invoke(app, ["backup", "--config", str(config), "--out", "x.db"])
    assert done.exit_code != 0


async def test_ending_the_session_backs_it_up(tmp_path: Path) -> None:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           director_password="pw", backups=str(tmp_path / "backups"))
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    try:
        transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
        async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                     headers=BROWSER) as client:
            assert (await client.post("/api/login", json={"password": "pw"})).status_code == 200
            answer = await client.post("/api/session/end")
            assert answer.status_code == 200
        async with asyncio.timeout(10):
            while not list((tmp_path / "backups").glob("event*.db")):
                await asyncio.sleep(0.05)
    finally:
        await station.stop()
    (copy,) = (tmp_path / "backups").glob("event*.db")
    with sqlite3.connect(copy) as db:
        assert db.execute("SELECT name, running, ended, published FROM event").fetchall() == [
            ("Tuesday pairs", 0, 1, 0)]


@pytest.mark.parametrize("database", ["sqlite:///:memory:", "postgresql+psycopg://x@h/db"])
def test_no_backup_folder_without_a_database_file(database: str) -> None:
    assert StationConfig(database=database).backup_folder is None


async def test_the_last_board_in_backs_up_the_session(tmp_path: Path) -> None:
    """The session's last entry completes every section: a backup holding all of them is
    written then, before anyone stops the event, and the grid says all results are in."""
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           director_password="pw", backups=str(tmp_path / "backups"))
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    places = [(a.table, a.round, board) for a in station.session.sections["A"].movement.assignments
              for board in a.boards]
    try:
        transport = httpx.ASGITransport(app=create_app(station, manage_station=False))
        async with httpx.AsyncClient(transport=transport, base_url="http://club",
                                     headers=BROWSER) as client:
            assert (await client.post("/api/login", json={"password": "pw"})).status_code == 200
            for number, (table, round_, board) in enumerate(places, start=1):
                assert not list((tmp_path / "backups").glob("event*.db"))
                assert (await client.get("/api/grid")).json()["complete"] is False
                answer = await client.put(
                    f"/api/sections/A/tables/{table}/rounds/{round_}/boards/{board}",
                    json={"contract": "3NT", "declarer": "N", "tricks": 9})
                assert answer.status_code == 200, (number, answer.text)
            async with asyncio.timeout(10):
                while not list((tmp_path / "backups").glob("event*.db")):
                    await asyncio.sleep(0.05)
            assert (await client.get("/api/grid")).json()["complete"] is True
            assert (await client.get("/api/status")).json()["complete"] is True
            assert station.session.running
    finally:
        await station.stop()
    (copy,) = (tmp_path / "backups").glob("event*.db")
    with sqlite3.connect(copy) as db:
        held = db.execute("SELECT count(*) FROM result WHERE status = 'active'").fetchone()[0]
    assert held == len(places) == 18
