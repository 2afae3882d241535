"""The station killed with SIGKILL mid-round: every acknowledged result survives, once."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import aiomqtt
import pytest
from sqlalchemy import create_engine, text

from firmware_protocol.messages import Ack, Login, Nak
from tests.integration.test_station_mqtt import result
from tests.pads import MqttPad
from tests.servers import free_port

pytestmark = pytest.mark.integration
SECRET = "crash-test-secret-4f1d9a"  # `serve` takes no built-in nor short secret


def write_config(path: Path, database: str, mqtt_port: int) -> Path:
    config = path / "station.toml"
    config.write_text(f"""
[station]
id = "club"
secret = "{SECRET}"
director_password = "crash-test-director"
database = "{database}"
http = "127.0.0.1:{free_port()}"

[mqtt]
url = "mqtt://127.0.0.1:{mqtt_port}"

[event]
name = "Crash test"
[[event.section]]
letter = "A"
movement = "mitchell"
tables = 3
boards = 6
""")
    return config


def start(config: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "basestation", "serve", "--config", str(config)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def wait_online(port: int) -> None:
    async with aiomqtt.Client("127.0.0.1", port) as client, asyncio.timeout(120):  # busy machine
        await client.subscribe("bridge/club/status", qos=1)
        async for message in client.messages:
            if message.payload == b"online":
                return


async def retransmit(pad: MqttPad, body: Any, seq: int) -> list[Any]:
    """As a pad does: the same message again until it is answered."""
    for _ in range(10):
        pad.send(body, seq=seq)
        try:
            return await pad.answer(seq, timeout=2)
        except TimeoutError:
            continue
    raise AssertionError(f"no answer to seq {seq}")


@pytest.mark.parametrize("kill_after", [2, 7])
async def test_sigkill_loses_nothing_acknowledged(tmp_path: Path, mosquitto: int,
                                                  database_url: str, kill_after: int) -> None:
    config = write_config(tmp_path, database_url, mosquitto)
    station = start(config)
    acked: set[tuple[int, int, int]] = set()
    try:
        await wait_online(mosquitto)
        async with MqttPad(mosquitto, "club", 71, secret=SECRET) as pad:
            assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
            plan = [(1, 1, 1, 1), (1, 2, 1, 1), (2, 3, 1, 3), (2, 4, 1, 3), (3, 5, 1, 2),
                    (3, 6, 1, 2)]
            sent: dict[int, Any] = {}
            for count, (round_, board, ns, ew) in enumerate(plan):
                body = result(1, round_, board, ns, ew)
                seq = pad.send(body)
                sent[seq] = body
                if count * 2 + 1 >= kill_after:
                    station.send_signal(signal.SIGKILL)
                    station.wait(10)
                    break
                answer = await pad.answer(seq)
                assert isinstance(answer[0], Ack)
                acked.add((round_, board, 1))
            # Restart; the pad retransmits its unanswered messages with the same seq.
            station = start(config)
            await wait_online(mosquitto)
            for seq, body in sent.items():
                answer = await retransmit(pad, body, seq)
                assert isinstance(answer[0], Ack | Nak)
                if isinstance(answer[0], Ack):
                    acked.add((body.round, body.board, 1))
    finally:
        if station.poll() is None:
            os.kill(station.pid, signal.SIGTERM)
            station.wait(10)
    engine = create_engine(database_url)
    with engine.connect() as conn:
        rows = conn.execute(text(
            "SELECT round, board, table_no, count(*) FROM result WHERE status = 'active' "
            "GROUP BY round, board, table_no")).all()
    engine.dispose()
    stored = {(r[0], r[1], r[2]): r[3] for r in rows}
    assert acked <= set(stored), f"lost: {acked - set(stored)}"
    assert all(count == 1 for count in stored.values()), stored
