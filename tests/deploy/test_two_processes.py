"""Two station processes (one per room) sharing one PostgreSQL database, each holding only its
own sections (`[station] sections`), with its own station id (MQTT topics) and pads."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from basestation.movements import generate
from firmware_protocol.messages import Ack, ErrorCode, Login, Nak, Result
from tests.helpers import result
from tests.pads import MqttPad
from tests.servers import free_port, wait_for_port

pytestmark = pytest.mark.integration
BASESTATION = Path(sys.executable).with_name("basestation")


@pytest.fixture
def shared_database(postgres_server: str) -> str:
    name = "rooms" + uuid.uuid4().hex[:10]
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return postgres_server.rsplit("/", 1)[0] + "/" + name


def room_config(folder: Path, room: str, letter: str, database: str, mqtt: int) -> Path:
    """Both rooms name the same event (the first process creates it, the second joins it)."""
    path = folder / f"room-{room}.toml"
    path.write_text(f"""
[station]
id = "room-{room}"
secret = "shared-secret-of-both-rooms"
database = "{database}"
http = "127.0.0.1:{free_port()}"
director_password = "two-rooms-director"
sections = ["{letter}"]

[mqtt]
url = "mqtt://127.0.0.1:{mqtt}"

[event]
name = "Congress pairs"
[[event.section]]
letter = "A"
tables = 3
boards = 6
[[event.section]]
letter = "B"
tables = 3
boards = 6
""")
    return path


class Room:
    """`basestation serve --config FILE` as its own process."""

    def __init__(self, config: Path) -> None:
        self.config = config
        self.http = next(line.split('"')[1] for line in config.read_text().splitlines()
                         if line.startswith("http ="))
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.config.with_suffix(".log").open("ab") as log:
            self.proc = subprocess.Popen(
                [str(BASESTATION), "serve", "--config", str(self.config)], stdout=log,
                stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_for_port(int(self.http.rsplit(":", 1)[1]), timeout=120)  # busy machine

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    async def sections(self) -> list[str]:
        async with httpx.AsyncClient() as client:
            answer = await client.get(f"http://{self.http}/api/sections")
            return [s["letter"] for s in answer.json()]


@pytest.fixture
def rooms() -> Iterator[list[Room]]:
    started: list[Room] = []
    yield started
    for room in started:
        room.stop()


MITCHELL = generate("mitchell", 3, 6)  # each section's movement: table 1's pairs


async def ask(pad: MqttPad, body: Login | Result, seq: int | None = None) -> Ack | Nak:
    """Sends until answered, always with the same seq (a process may still be starting)."""
    seq = pad.send(body, seq=seq)
    for _ in range(30):
        with contextlib.suppress(TimeoutError):
            answer = (await pad.answer(seq, timeout=1.0, more=isinstance(body, Login)))[0]
            assert isinstance(answer, Ack | Nak)
            return answer
        pad.send(body, seq=seq)
    raise AssertionError(f"no answer from the station to unit {pad.unit}")


def held(database: str) -> list[tuple[str, int, int, int | None]]:
    engine = create_engine(database)
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT section, board, unit, score_ns FROM result WHERE status = 'active' "
            "ORDER BY section, board")).all()
        events = conn.execute(text("SELECT count(*) FROM event")).scalar_one()
    engine.dispose()
    assert events == 1
    return [(r[0], r[1], r[2], r[3]) for r in rows]


async def test_two_rooms_share_one_postgresql_database(
        tmp_path: Path, shared_database: str, mosquitto: int, rooms: list[Room]) -> None:
    room_a = Room(room_config(tmp_path, "a", "A", shared_database, mosquitto))
    room_b = Room(room_config(tmp_path, "b", "B", shared_database, mosquitto))
    rooms += [room_a, room_b]
    # One after the other: the first creates the schema and the event, the second joins it.
    room_a.start()
    room_b.start()
    assert await room_a.sections() == ["A"]
    assert await room_b.sections() == ["B"]
    async with MqttPad(mosquitto, "room-a", 17, secret="shared-secret-of-both-rooms") as pad_a, \
            MqttPad(mosquitto, "room-b", 27, secret="shared-secret-of-both-rooms") as pad_b:
        assert isinstance(await ask(pad_a, Login(section="A", table=1)), Ack)
        assert isinstance(await ask(pad_b, Login(section="B", table=1)), Ack)
        # Each room's pads reach only their own process, which holds only its own section.
        refused = await ask(pad_a, Login(section="B", table=2))
        assert isinstance(refused, Nak) and refused.code == ErrorCode.NO_SUCH_SECTION
        assert isinstance(await ask(pad_a, Login(section="A", table=1)), Ack)
        seq_a1 = pad_a.seq
        first_a = await ask(pad_a, result(board=1, section="A", movement=MITCHELL))
        both = await asyncio.gather(
            ask(pad_b, result(board=1, section="B", tricks=11, movement=MITCHELL)),
            ask(pad_a, result(board=2, section="A", tricks=9, movement=MITCHELL)))
        assert isinstance(first_a, Ack) and all(isinstance(a, Ack) for a in both)
        # Room A's process stops; room B carries on writing to the shared database.
        room_a.stop()
        assert isinstance(await ask(pad_b, result(board=2, section="B", movement=MITCHELL)), Ack)
        room_a.start()
        assert await room_a.sections() == ["A"]
        # The ack for board 1 was lost, say: the restarted process answers it again, the
        # same answer, from what it reloaded; and both rooms go on.
        again = await ask(pad_a, result(board=1, section="A", movement=MITCHELL), seq=seq_a1)
        assert again == first_a
        board = generate("mitchell", 3, 6).at(2, 1).boards[0]  # type: ignore[union-attr]
        later = await asyncio.gather(
            ask(pad_a, result(1, 2, board, section="A", tricks=11, movement=MITCHELL)),
            ask(pad_b, result(1, 2, board, section="B", tricks=8, movement=MITCHELL)))
        assert all(isinstance(a, Ack) for a in later)
    room_b.stop()
    room_a.stop()
    assert held(shared_database) == [
        ("A", 1, 17, 420), ("A", 2, 17, -100), ("A", board, 17, 450),
        ("B", 1, 27, 450), ("B", 2, 27, 620), ("B", board, 27, -100)]
