"""Load: N pads entering results at a rate over one link, with each result's ack latency.

`run_load` brings up everything it needs (a station on a temporary SQLite database, a local
mosquitto or a virtual radio), so `basestation bench` can call it as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from basestation.movements import Movement, generate
from firmware_protocol.messages import Ack, Result, Seat
from simulator.broker import run_mosquitto
from simulator.deals import random_deals
from simulator.notices import Answered, GameDataReceived, Notice
from simulator.pad import Pad
from simulator.plan import play_board
from simulator.radio import VirtualRadio
from simulator.units import MqttPad, RadioPad, SimPad

LinkKind = Literal["mqtt", "serial"]


@dataclass
class LoadReport:
    link: str
    pads: int
    sent: int = 0
    acked: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, entry to ack, per result

    @property
    def results_per_s(self) -> float:
        return self.acked / self.seconds if self.seconds else 0.0

    def percentile_ms(self, pct: float) -> float:
        if not self.latencies:
            return math.nan
        ordered = sorted(self.latencies)
        index = min(len(ordered) - 1, max(0, math.ceil(pct / 100 * len(ordered)) - 1))
        return ordered[index] * 1000

    def to_json(self) -> dict[str, float | int | str]:
        return {"link": self.link, "pads": self.pads, "sent": self.sent, "acked": self.acked,
                "seconds": round(self.seconds, 3),
                "results_per_s": round(self.results_per_s, 1),
                "ack_p50_ms": round(self.percentile_ms(50), 2),
                "ack_p99_ms": round(self.percentile_ms(99), 2),
                "ack_mean_ms": round(statistics.fmean(self.latencies) * 1000, 2)
                if self.latencies else math.nan}


async def run_load(link: LinkKind, pads: int, results_per_pad: int, *,
                   rate: float | None = None, database: str | None = None,
                   mqtt_port: int | None = None, seed: int = 1) -> LoadReport:
    """`pads` pads each enter `results_per_pad` results (capped by the movement), one at a
    time, at `rate` results per second per pad (None: as fast as the acks come back)."""
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, SerialConfig, StationConfig

    rng = random.Random(seed)
    # An odd-table Mitchell: every table plays every board, round by round (one may sit empty).
    tables = max(3, pads if pads % 2 else pads + 1)
    per_round = max(1, min(255 // tables, math.ceil(results_per_pad / tables)))
    movement = generate("mitchell", tables, tables * per_round)
    deals = random_deals(movement.boards, rng)
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bridge-load-")))
        radio: VirtualRadio | None = None
        serial: tuple[SerialConfig, ...] = ()
        mqtt_url = None
        if link == "mqtt":
            port = mqtt_port or stack.enter_context(run_mosquitto())
            mqtt_url = f"mqtt://127.0.0.1:{port}"
        else:
            radio = VirtualRadio()
            stack.callback(radio.close)
            serial = (SerialConfig(radio.port),)
        config = StationConfig(database=database or f"sqlite:///{tmp / 'load.db'}",
                               mqtt_url=mqtt_url, serial=serial)
        station = Station(config)
        station.open_event("Load", "nz", [SectionConfig("A", "mitchell", movement.tables,
                                                        movement.boards)], {"A": deals})
        await station.start()
        try:
            await station.connected()
            report = LoadReport(link=link, pads=pads)
            units: list[SimPad] = []
            for table in range(1, pads + 1):
                unit = 1000 + table
                sim: SimPad = (RadioPad(radio, unit, config.secret) if radio is not None else
                               MqttPad(port, config.id, unit, config.secret))
                units.append(sim)
            started = time.monotonic()
            await asyncio.gather(*(
                _one_pad(sim, table, movement, deals, report=report, pace=
                         Pace(results_per_pad, rate, random.Random(rng.random())))
                for table, sim in enumerate(units, start=1)))
            report.seconds = time.monotonic() - started
            for sim in units:
                await sim.power_off()
            return report
        finally:
            await station.stop()


@dataclass(frozen=True)
class Pace:
    results: int
    rate: float | None
    rng: random.Random


async def _one_pad(sim: SimPad, table: int, movement: Movement, deals: dict[int, str], *,
                   report: LoadReport, pace: Pace) -> None:
    results, rate, rng = pace.results, pace.rate, pace.rng
    await sim.power_on()
    sim.act(lambda pad, now: pad.login("A", table, now))
    await _wait_for(sim, lambda n: isinstance(n, GameDataReceived))
    entries = [(a, board) for a in movement.table_rounds(table)
               if a.ns is not None and a.ew is not None for board in a.boards][:results]
    for assignment, board in entries:
        contract, declarer, tricks, lead = play_board(deals[board], rng)
        assert assignment.ns is not None and assignment.ew is not None
        body = Result("A", table, assignment.round, board, assignment.ns, assignment.ew,
                      contract, Seat(declarer) if declarer else None, tricks, lead)
        entered = time.monotonic()
        sim.act(_entering(body))
        report.sent += 1
        notice = await _wait_for(sim, _answer_to(body))
        assert isinstance(notice, Answered)
        if isinstance(notice.answer, Ack):
            report.acked += 1
            report.latencies.append(time.monotonic() - entered)
        if rate:
            await asyncio.sleep(max(0.0, 1 / rate - (time.monotonic() - entered)))


def _entering(body: Result) -> Callable[[Pad, float], None]:
    return lambda pad, now: pad.enter(body, now)


def _answer_to(body: Result) -> Callable[[Notice], bool]:
    return lambda notice: isinstance(notice, Answered) and notice.body == body


async def _wait_for(sim: SimPad, wanted: Callable[[Notice], bool],
                    timeout: float = 60.0) -> Notice:
    async with asyncio.timeout(timeout):
        while True:
            notice = await sim.notices.get()
            if wanted(notice):
                return notice
