"""The station process killed with SIGKILL at a random moment and started again, while the
pads keep retransmitting.

The station is a real `python -m basestation serve --config` process. The pads are lean
protocol clients multiplexed on one MQTT connection: each sends one message at a time and,
like firmware, retransmits the same bytes under the same seq until it is answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiomqtt

from basestation.movements import Movement, generate
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Ack, Body, Login, Message, Nak, ProtocolError
from firmware_protocol.security import unit_key, verify
from simulator.broker import free_port
from simulator.campaign.tally import Key, RunTally, entry_row, key_of, read_results, tally
from simulator.deals import random_deals
from simulator.mqtt import NO_DELAY
from simulator.plan import Intended, plan_section

SECRET = "sigkill-campaign-secret"  # `serve` takes no built-in nor short secret
TABLES, BOARDS = 5, 10
RETRY = 0.3  # seconds before a pad sends an unanswered message again
PACE = (0.01, 0.06)  # seconds between one pad's results
UNIT_BASE = 900


def write_config(folder: Path, station_id: str, mqtt_port: int) -> Path:
    config = folder / "station.toml"
    config.write_text(f"""
[station]
id = "{station_id}"
secret = "{SECRET}"
director_password = "sigkill-campaign-director"
database = "sqlite:///{folder / 'station.db'}"
http = "127.0.0.1:{free_port()}"

[mqtt]
url = "mqtt://127.0.0.1:{mqtt_port}"

[event]
name = "SIGKILL run"
[[event.section]]
letter = "A"
movement = "mitchell"
tables = {TABLES}
boards = {BOARDS}
""")
    return config


class StationProcess:
    """`python -m basestation serve --config FILE`, which only the campaign may kill."""

    def __init__(self, config: Path, log: Path) -> None:
        self.config, self.log = config, log
        self.killing = False
        self.popen = self._start()

    def _start(self) -> subprocess.Popen[bytes]:
        with open(self.log, "ab") as out:
            return subprocess.Popen(
                [sys.executable, "-m", "basestation", "serve", "--config", str(self.config)],
                stdout=out, stderr=subprocess.STDOUT)

    async def kill_and_restart(self) -> None:
        self.killing = True
        self.popen.send_signal(signal.SIGKILL)
        await asyncio.to_thread(self.popen.wait, 10)
        self.popen = self._start()
        self.killing = False

    async def watch(self) -> None:
        """Raises if the station exits without being killed (it crashed, or cannot start)."""
        while True:
            await asyncio.sleep(0.2)
            if not self.killing and self.popen.poll() is not None:
                tail = self.log.read_text(errors="replace").strip().splitlines()[-1:]
                raise RuntimeError(f"the station exited by itself ({self.popen.returncode}): "
                                   f"{tail}")

    async def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.terminate()
        await asyncio.to_thread(self.popen.wait, 10)


@dataclass
class LeanPads:
    """Many units on one connection; answers are matched by (unit, seq)."""

    client: aiomqtt.Client
    station: str
    waiting: dict[tuple[int, int], asyncio.Future[Body]]
    serving: asyncio.Event  # the station has answered someone

    async def read(self) -> None:
        async for incoming in self.client.messages:
            if not isinstance(incoming.payload, bytes):
                continue
            try:
                received = jsonwire.decode(incoming.payload)
            except ProtocolError:
                continue
            message = received.message
            if not verify(received, unit_key(SECRET, message.unit)):
                continue  # a pad trusts nothing it cannot authenticate
            if isinstance(message.body, Ack | Nak):
                future = self.waiting.pop((message.unit, message.body.re), None)
                if future is not None and not future.done():
                    future.set_result(message.body)

    async def ask(self, unit: int, seq: int, body: Body, deadline: float) -> Body:
        """Sends until answered: the same bytes every time, as a pad's retransmission."""
        payload = jsonwire.encode(Message(unit, seq, body), unit_key(SECRET, unit))
        future: asyncio.Future[Body] = asyncio.get_running_loop().create_future()
        self.waiting[(unit, seq)] = future
        while time.monotonic() < deadline:
            with contextlib.suppress(aiomqtt.MqttError):
                await self.client.publish(topics.up(self.station, unit), payload, qos=1)
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(asyncio.shield(future), RETRY)
        raise TimeoutError(f"unit {unit} seq {seq} never answered")


async def play_table(pads: LeanPads, table: int, plan: list[Intended], *, rng: random.Random,
                     acked: dict[Key, dict[str, Any]], refused: list[str],
                     deadline: float) -> None:
    unit = UNIT_BASE + table
    answer = await pads.ask(unit, 1, Login(section="A", table=table), deadline)
    pads.serving.set()
    if not isinstance(answer, Ack):
        refused.append(f"login {table}: {answer}")
        return
    for seq, intended in enumerate(plan, start=2):
        await asyncio.sleep(rng.uniform(*PACE))
        body = intended.result()
        answer = await pads.ask(unit, seq, body, deadline)
        if isinstance(answer, Ack):
            row = entry_row(body)
            acked[key_of(row)] = row
        else:
            refused.append(f"{intended.key}: {answer}")


async def kill_at_random(station: StationProcess, *, serving: asyncio.Event, after: float,
                         outstanding: Callable[[], bool]) -> bool:
    """Returns whether results were still unacknowledged when the station died."""
    await serving.wait()
    await asyncio.sleep(after)
    mid_session = outstanding()
    await station.kill_and_restart()
    return mid_session


async def run_sigkill(seed: int, mqtt_port: int) -> RunTally:
    """One run on a broker that is already up: start, kill at random, restart, finish."""
    rng = random.Random(seed)
    movement: Movement = generate("mitchell", TABLES, BOARDS)
    plan = plan_section("A", movement, random_deals(BOARDS, rng), random.Random(rng.random()))
    station_id = f"kill{seed}-{os.getpid()}"
    acked: dict[Key, dict[str, Any]] = {}
    run_interrupted = False
    refused: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bridge-kill-") as tmp:
        folder = Path(tmp)
        config, log = write_config(folder, station_id, mqtt_port), folder / "station.log"
        station = StationProcess(config, log)
        try:
            async with aiomqtt.Client("127.0.0.1", mqtt_port, identifier=f"pads-{station_id}",
                                      socket_options=NO_DELAY) as client:
                await client.subscribe(topics.down(station_id), qos=1)
                pads = LeanPads(client, station_id, {}, asyncio.Event())
                reader = asyncio.create_task(pads.read())
                # Anywhere from the first answer to just after the last (about 0.6 s of play).
                killer = asyncio.create_task(kill_at_random(
                    station, serving=pads.serving, after=rng.uniform(0.0, 0.7),
                    outstanding=lambda: len(acked) < len(plan)))
                watcher = asyncio.create_task(station.watch())
                deadline = time.monotonic() + 120
                tables = asyncio.gather(*(
                        play_table(pads, table, sorted(
                            (i for i in plan.values() if i.table == table),
                            key=lambda i: (i.round, i.board)),
                            rng=random.Random(rng.random()), acked=acked, refused=refused,
                            deadline=deadline)
                        for table in range(1, TABLES + 1)))
                try:
                    # A station that dies by itself ends the run at once, as a failure.
                    either: set[asyncio.Future[Any]] = {tables, watcher}
                    await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
                    if watcher.done():
                        watcher.result()
                    await tables
                    # A kill after the last ack still has to come back clean.
                    run_interrupted = await killer
                finally:
                    for task in (tables, killer, watcher, reader):
                        task.cancel()
                        with contextlib.suppress(asyncio.CancelledError, Exception):
                            await task
        except Exception as exc:
            refused.append(f"run failed: {exc!r}"[:300])
        finally:
            await station.stop()
        rows = read_results(folder / "station.db")
    intended = [entry_row(i.result()) for i in plan.values()]
    run = tally(acked, rows, intended)
    run.problems[:0] = refused
    run.interrupted = run_interrupted
    run.rankings_match = run.rankings_match and not refused
    return run
