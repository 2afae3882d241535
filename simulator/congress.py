"""A congress, time-compressed: 1,000 tables through one process's stations, round by round,
with that process's resident memory sampled after every round (`basestation congress`).

Sections are 13-table Mitchells (two boards a round); a station holds at most 26 sections
(one letter each), so a congress this size is played as rooms, one station per room, all in
this process on SQLite. The pads are flood-style: every unit multiplexed on one MQTT
connection in a child process, each entering its results one at a time and retransmitting
an unanswered one with the same seq, as firmware does.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import multiprocessing
import queue
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiomqtt

from basestation.movements import generate
from basestation.station.config import SectionConfig
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Ack, Body, Login, Message, Nak, Result, Seat
from firmware_protocol.security import unit_key
from simulator.broker import run_mosquitto
from simulator.measures import rss_mb
from simulator.mqtt import NO_DELAY

SECRET = "change-me"
SECTION_TABLES = 13
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROUNDS = 12  # a session: 24 boards
SETTLE = 1.0  # seconds after a round for the rescoring pass before memory is sampled
WINDOW = 128
RETRY = 10.0
CONTRACTS = ("1NT", "2S", "3NT", "4H", "4S", "5D", "3C", "6NT", "2HX", "PASS")


@dataclass(frozen=True)
class TablePad:
    """One table's pad: its room, unit and place, and what it enters each round."""

    room: str
    unit: int
    section: str
    table: int
    rounds: tuple[tuple[int, int, int, tuple[int, ...]], ...]  # round, ns, ew, boards


@dataclass
class CongressReport:
    tables: int
    rooms: int
    sections: int
    rounds: int
    feedback: bool
    rss_mb: list[float] = field(default_factory=list)  # after each round
    round_seconds: list[float] = field(default_factory=list)
    acked: int = 0
    stored: int = 0

    @property
    def baseline(self) -> float:
        return self.rss_mb[0] if self.rss_mb else math.nan

    @property
    def max_change_pct(self) -> float:
        base = self.baseline
        return max((abs(v - base) / base * 100 for v in self.rss_mb), default=math.nan)

    @property
    def within_10pct(self) -> bool:
        return bool(self.rss_mb) and self.max_change_pct <= 10.0

    def to_json(self) -> dict[str, Any]:
        return {"tables": self.tables, "rooms": self.rooms, "sections": self.sections,
                "rounds": self.rounds, "feedback": self.feedback,
                "rss_mb": [round(v, 1) for v in self.rss_mb],
                "round_seconds": [round(v, 2) for v in self.round_seconds],
                "baseline_mb": round(self.baseline, 1),
                "max_change_pct": round(self.max_change_pct, 2),
                "within_10pct": self.within_10pct, "acked": self.acked, "stored": self.stored}


def room(sections: int, tables: int) -> list[int]:
    """A room of `sections` sections of `tables` tables each (the demo's), as `layout` gives
    one room: each section its number of tables."""
    if not 1 <= sections <= len(LETTERS):
        raise ValueError(f"a room has 1 to {len(LETTERS)} sections (one letter each)")
    return [tables] * sections


def section_configs(sizes: list[int]) -> list[SectionConfig]:
    """One room's sections as the station opens them: Mitchells of two boards a round,
    lettered A, B, C...; the demo, the congress and the grid benchmark lay out rooms alike."""
    return [SectionConfig(letter, "mitchell", size, size * 2)
            for letter, size in zip(LETTERS, sizes, strict=False)]


def layout(tables: int) -> list[list[int]]:
    """Rooms of sections, each section its number of tables (12 or 13, at least 3)."""
    count = max(1, math.ceil(tables / SECTION_TABLES))
    sizes = [tables // count + (1 if i < tables % count else 0) for i in range(count)]
    if min(sizes) < 3:
        raise ValueError("a congress needs at least 3 tables a section")
    return [sizes[i:i + len(LETTERS)] for i in range(0, len(sizes), len(LETTERS))]


def seats(rooms: list[list[int]], rounds: int) -> list[TablePad]:
    out = []
    for number, sections in enumerate(rooms, start=1):
        unit = 1000
        for letter, size in zip(LETTERS, sections, strict=False):
            movement = generate("mitchell", size, size * 2)
            for table in range(1, size + 1):
                unit += 1
                played = tuple((a.round, a.ns, a.ew, a.boards)
                               for a in movement.table_rounds(table)
                               if a.ns is not None and a.ew is not None and a.round <= rounds)
                out.append(TablePad(f"room{number}", unit, letter, table, played))
    return out


# -- the pads' process ------------------------------------------------------------------------


def _result(seat: TablePad, round_: int, ns: int, ew: int, *, board: int,
            rng: random.Random) -> Result:
    contract = rng.choice(CONTRACTS)
    if contract == "PASS":
        return Result(seat.section, seat.table, round_, board, ns, ew, "PASS", None, None,
                      None)
    level = int(contract[0])
    return Result(seat.section, seat.table, round_, board, ns, ew, contract,
                  rng.choice(list(Seat)), min(13, max(0, level + 6 + rng.choice((-1, 0, 1)))),
                  None)


_quiet = logging.getLogger("simulator.congress.client")
_quiet.setLevel(logging.ERROR)  # aiomqtt warns at every pending publish; a flood is all that


async def _pads(all_seats: list[TablePad], port: int, orders: Any, reports: Any) -> None:
    waiting: dict[tuple[str, int, int], asyncio.Future[Body]] = {}
    keys = {seat.unit: unit_key(SECRET, seat.unit) for seat in all_seats}
    next_seq = dict.fromkeys(((s.room, s.unit) for s in all_seats), 1)
    async with aiomqtt.Client("127.0.0.1", port, identifier="congress-pads",
                              logger=_quiet, socket_options=NO_DELAY,
                              max_inflight_messages=WINDOW * 2) as client:
        await client.subscribe(topics.down("+"), qos=1)
        window = asyncio.Semaphore(WINDOW)

        async def read() -> None:
            async for incoming in client.messages:
                payload = incoming.payload
                if not isinstance(payload, bytes) or b'"type":"feedback"' in payload:
                    continue  # shown to the players, not waited for
                room = incoming.topic.value.split("/")[1]
                message = jsonwire.decode(payload).message
                if isinstance(message.body, Ack | Nak):
                    future = waiting.pop((room, message.unit, message.body.re), None)
                    if future is not None and not future.done():
                        future.set_result(message.body)

        async def ask(seat: TablePad, body: Body) -> Body:
            seq = next_seq[(seat.room, seat.unit)]
            next_seq[(seat.room, seat.unit)] = seq + 1
            future: asyncio.Future[Body] = asyncio.get_running_loop().create_future()
            waiting[(seat.room, seat.unit, seq)] = future
            payload = jsonwire.encode(Message(seat.unit, seq, body), keys[seat.unit])
            while True:  # the same bytes until answered
                async with window:
                    await client.publish(topics.up(seat.room, seat.unit), payload,
                                         qos=1)
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(future), RETRY)

        async def play(seat: TablePad, round_: int, rng: random.Random) -> int:
            acked = 0
            for played_round, ns, ew, boards in seat.rounds:
                if played_round == round_:
                    for board in boards:
                        body = _result(seat, round_, ns, ew, board=board, rng=rng)
                        acked += isinstance(await ask(seat, body), Ack)
            return acked

        reader = asyncio.create_task(read())
        await asyncio.gather(*(ask(s, Login(section=s.section, table=s.table))
                               for s in all_seats))
        reports.put(("ready", 0, 0))
        rng = random.Random(1)
        while True:
            round_ = await asyncio.to_thread(orders.get)
            if round_ is None:
                break
            counts = await asyncio.gather(*(play(s, round_, random.Random(rng.random()))
                                            for s in all_seats))
            reports.put(("done", round_, sum(counts)))
        reader.cancel()


def _pads_child(all_seats: list[TablePad], port: int, orders: Any, reports: Any) -> None:
    asyncio.run(_pads(all_seats, port, orders, reports))


# -- the stations' process (this one) ---------------------------------------------------------


async def _report(reports: Any, process: Any) -> tuple[str, int, int]:
    while True:
        try:
            item: tuple[str, int, int] = reports.get_nowait()
            return item
        except queue.Empty:
            if not process.is_alive():
                raise RuntimeError("the pads' process died") from None
            await asyncio.sleep(0.02)


async def play_congress(tables: int = 1000, rounds: int = ROUNDS, *, feedback: bool = True,
                        progress: Callable[[str], None] = lambda _: None) -> CongressReport:
    from basestation.station.app import Station
    from basestation.station.config import StationConfig

    rooms = layout(tables)
    all_seats = seats(rooms, rounds)
    report = CongressReport(tables=tables, rooms=len(rooms),
                            sections=sum(len(r) for r in rooms), rounds=rounds,
                            feedback=feedback)
    with run_mosquitto() as port, tempfile.TemporaryDirectory(prefix="congress-") as tmp:
        stations = []
        for number, sections in enumerate(rooms, start=1):
            config = StationConfig(id=f"room{number}", secret=SECRET,
                                   database=f"sqlite:///{Path(tmp) / f'room{number}.db'}",
                                   mqtt_url=f"mqtt://127.0.0.1:{port}")
            if not feedback:
                config = dataclasses.replace(config, feedback=frozenset())
            station = Station(config)
            station.open_event("Congress", "nz", section_configs(sections))
            await station.start()
            stations.append(station)
        context = multiprocessing.get_context("spawn")
        orders, reports = context.Queue(), context.Queue()
        process = context.Process(target=_pads_child, args=(all_seats, port, orders, reports),
                                  daemon=True)
        try:
            async with asyncio.timeout(30):
                for station in stations:
                    await station.connected()
            process.start()
            await _report(reports, process)  # every pad logged in
            progress(f"{tables} tables logged in, {len(rooms)} rooms; RSS {rss_mb():.1f} MB")
            for round_ in range(1, rounds + 1):
                started = time.monotonic()
                orders.put(round_)
                _, _, acked = await _report(reports, process)
                report.round_seconds.append(time.monotonic() - started)
                report.acked += acked
                await asyncio.sleep(SETTLE)
                report.rss_mb.append(rss_mb())
                progress(f"round {round_}: {acked} results acked in "
                         f"{report.round_seconds[-1]:.1f}s; RSS {report.rss_mb[-1]:.1f} MB")
            orders.put(None)
            report.stored = sum(len(station.held_results(letter)) for station in stations
                                for letter in station.movements())
        finally:
            if process.pid is not None:
                process.join(10)
                if process.is_alive():
                    process.kill()
            for station in stations:
                await station.stop()
    return report


def run_congress(tables: int = 1000, rounds: int = ROUNDS, *, feedback: bool = True,
                 progress: Callable[[str], None] = lambda _: None) -> CongressReport:
    return asyncio.run(play_congress(tables, rounds, feedback=feedback, progress=progress))
