"""The database unavailable for a while, on SQLite and PostgreSQL: nothing is acknowledged
until it is stored, nor shown on the director's pages, nothing is lost, the director gets a
plain 503 instead of a hang, and the station carries on by itself once the database is back
(no restart)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, make_url, text

from basestation.api.app import create_app
from basestation.station.app import Station
from basestation.station.core.hub import StationBusy
from firmware_protocol.messages import Ack, Login
from tests.api.conftest import BROWSER
from tests.helpers import result
from tests.pads import MqttPad

pytestmark = pytest.mark.integration


@contextlib.asynccontextmanager
async def unavailable(url: str) -> AsyncIterator[None]:
    """SQLite: another program holds the write lock. PostgreSQL: the database refuses new
    connections and the station's are cut, so it can neither read nor write."""
    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            await asyncio.to_thread(conn.execute, "BEGIN EXCLUSIVE")  # taken once this returns
            try:
                yield
            finally:
                conn.execute("ROLLBACK")
        finally:
            conn.close()
        return
    name = make_url(url).database
    admin = create_engine(url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = :name"), {"name": name})
    try:
        yield
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        admin.dispose()


async def test_outage_holds_answers_then_recovers(mosquitto: int, make_station: Any,
                                                   database_url: str) -> None:
    station: Station = await make_station(mqtt_port=mosquitto, database=database_url)
    station.hub.act_timeout = 1.0
    app = create_app(station, manage_station=False)
    async with MqttPad(mosquitto, "club", 31) as pad, httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://club",
            headers=BROWSER) as http:
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        assert (await http.post("/api/login", json={"password": "change-me"})).status_code == 200
        async with unavailable(database_url):
            seq = pad.send(result(board=1))
            # Not acknowledged while it cannot be stored.
            with pytest.raises(TimeoutError):
                await pad.answer(seq, timeout=7.0)
            # Nor shown: the director's pages hold what is stored, and it is not yet.
            assert (await http.get("/api/sections/A/results")).json() == []
            grid = (await http.get("/api/grid")).json()
            assert grid["sections"][0]["tables"][0]["cells"][0]["done"] == 0
            status = (await http.get("/api/status")).json()["health"]
            assert status["database"] == "unavailable" and status["hub_restarts"] == 0
            # The director is told why at once rather than left waiting.
            with pytest.raises(StationBusy, match="database is not answering"):
                await station.director.close_round("A")
        # Back: the held result is stored and acknowledged without the pad doing anything.
        answer = await pad.answer(seq, timeout=15.0)
        assert isinstance(answer[0], Ack) and answer[0].score_ns == 420
        shown = (await http.get("/api/sections/A/results")).json()
        assert [r["board"] for r in shown] == [1]
        assert (await http.get("/api/status")).json()["health"]["database"] == "ok"
        later = await pad.request(result(board=2))
        assert isinstance(later[0], Ack)
    # The close_round that timed out before its turn was dropped, as its 503 said.
    assert station.session.sections["A"].current_round == 1
    stored = station.store.snapshot().results
    assert sorted(r.board for r in stored) == [1, 2]


async def test_director_gets_a_plain_503(tmp_path: Path, make_station: Any) -> None:
    station: Station = await make_station(database=f"sqlite:///{tmp_path / 'station.db'}")
    station.hub.act_timeout = 0.5
    app = create_app(station, manage_station=False)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://club", headers=BROWSER) as http:
        login = await http.post("/api/login", json={"password": "change-me"})
        assert login.status_code == 200
        async with unavailable(f"sqlite:///{tmp_path / 'station.db'}"):
            # A first command takes the hub into a commit that waits on the lock (and waits
            # for it: the timeout is read as it is queued).
            station.hub.act_timeout = 30
            first = asyncio.create_task(station.director.set_players({1: "Ann"}))
            await asyncio.sleep(0.2)
            station.hub.act_timeout = 0.5
            answer = await http.post("/api/sections/A/close-round")
            assert answer.status_code == 503, answer.text
            assert "try again" in answer.json()["detail"]
            assert answer.headers["retry-after"] == "5"
        await first
    assert station.session.sections["A"].current_round == 1
    assert station.session.players == {1: "Ann"}
