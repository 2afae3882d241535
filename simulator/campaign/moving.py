"""Pads that move with the pairs, as a fault of the campaign: each EW pair of a Mitchell plays
on its own phone (an MQTT pad following it, SPEC.md 14.10), and right after a round East-West
correct a board they entered at the table they are leaving: at once, once the arriving pair's
pad has taken the table, once their own pad has moved on, or once the next round has begun
there (then the station keeps it for the director, who takes it).

Counted as every fault is (lost, duplicated, rankings against the results the players meant,
their corrections included), and besides: every correction keyed is either acknowledged or
refused as sent to the director with a conflict waiting for the director; any other is unseen.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from basestation.movements import Movement, generate, table_of
from firmware_protocol.enums import PadPlace
from firmware_protocol.messages import (
    TO_DIRECTOR,
    Ack,
    Body,
    Correction,
    ErrorCode,
    Login,
    Message,
    Nak,
    Received,
    Result,
    Seat,
)
from firmware_protocol.security import unit_key, verify
from simulator.broker import run_mosquitto
from simulator.campaign.tally import Key, RunTally, entry_row, key_of, read_results, tally
from simulator.deals import random_deals
from simulator.mqtt import MqttConnection

MOVING = "a correction just after the round with pads moving"
TABLES, BOARDS = 5, 10
UNIT_BASE = 700  # the phone of EW pair p is unit 700 + p
# When East-West correct, after their round's last board: at once (racing their own move and
# the arriving pad), once the arriving pair's pad holds the table, once their own pad has
# moved on, once the next round has begun at the table (the director decides), or never.
WHEN = ("at once", "table taken", "moved on", "next round begun", "never")
WAIT = 10.0  # seconds a correction waits for its moment before it goes anyway


@dataclass
class Keyed:
    """A correction East-West accepted on the pad, and what became of it."""

    body: Correction
    answer: Ack | Nak | None = None


@dataclass
class Phone:
    """One pair's phone: its MQTT connection, one message at a time (as a pad's queue)."""

    unit: int
    key: bytes
    link: MqttConnection | None = None
    seq: int = 0
    waiting: dict[int, asyncio.Future[Ack | Nak]] = field(default_factory=dict)
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)

    def heard(self, received: Received) -> None:
        message = received.message
        if message.unit != self.unit or not verify(received, self.key):
            return
        body = message.body
        if isinstance(body, Ack | Nak) and body.re in self.waiting:
            future = self.waiting.pop(body.re)
            if not future.done():
                future.set_result(body)

    async def ask(self, body: Body) -> Ack | Nak:
        """Sends `body` and returns the answer; the same bytes again until one comes."""
        assert self.link is not None
        async with self.turn:
            self.seq += 1
            future: asyncio.Future[Ack | Nak] = asyncio.get_running_loop().create_future()
            self.waiting[self.seq] = future
            message = Message(unit=self.unit, seq=self.seq, body=body)
            for _ in range(8):
                self.link.transmit(message)
                with contextlib.suppress(TimeoutError):
                    return await asyncio.wait_for(asyncio.shield(future), 2.0)
            raise RuntimeError(f"unit {self.unit}: no answer to {body.TYPE.value}")


@dataclass
class Night:
    station: Any
    movement: Movement
    rng: random.Random
    phones: dict[int, Phone]
    meant: dict[Key, dict[str, Any]] = field(default_factory=dict)  # what the players meant
    acked: dict[Key, dict[str, Any]] = field(default_factory=dict)
    keyed: list[Keyed] = field(default_factory=list)


    async def until(self, ready: Callable[[], bool]) -> None:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(WAIT):
                while not ready():
                    await asyncio.sleep(0.01)


def result_for(movement: Movement, table: int, round_: int, board: int,
               rng: random.Random) -> Result:
    here = movement.at(round_, table)
    assert here is not None and here.ns is not None and here.ew is not None
    return Result(section="A", table=table, round=round_, board=board, ns=here.ns, ew=here.ew,
                  contract="4S", declarer=Seat.S, tricks=rng.randint(8, 11))


async def play_pair(night: Night, pair: int, corrections: list[asyncio.Task[None]]) -> None:
    """EW pair `pair` round by round: its boards, a correction (perhaps), then its next table."""
    phone = night.phones[pair]
    movement = night.movement
    key = movement.pair_key(pair, "EW")
    for round_ in range(1, movement.rounds + 1):
        table = table_of(movement, key, round_)
        assert table is not None
        if round_ > 1:
            while True:  # the next table may still play the round before: try again
                answer = await phone.ask(Login(section="A", table=table))
                if isinstance(answer, Ack):
                    break
                if answer.code != ErrorCode.TABLE_IN_USE:
                    raise RuntimeError(f"unit {phone.unit} refused at table {table}: "
                                       f"{answer.code.value} {answer.detail}")
                await asyncio.sleep(0.02)
        here = movement.at(round_, table)
        assert here is not None
        for board in here.boards:
            entry = result_for(movement, table, round_, board, night.rng)
            answer = await phone.ask(entry)
            if not isinstance(answer, Ack):
                raise RuntimeError(f"unit {phone.unit}: board {board} refused: {answer}")
            row = entry_row(entry)
            night.meant[key_of(row)] = night.acked[key_of(row)] = row
        when = night.rng.choice(WHEN)
        if when != "never":
            board = night.rng.choice(here.boards)
            corrections.append(asyncio.create_task(
                correct(night, phone, table, round_, board=board, when=when)))


async def correct(night: Night, phone: Phone, table: int, round_: int, *, board: int,
                  when: str) -> None:
    """East-West's correction of `board`, at the moment `when` says."""
    station = night.station
    moments: dict[str, Callable[[], bool]] = {
        "table taken": lambda: station.table_holder("A", table) != phone.unit,
        "moved on": lambda: station.unit_table(phone.unit) != table,
        "next round begun": lambda: station.table_round("A", table) > round_,
    }
    if when in moments:
        await night.until(moments[when])
    fixed = result_for(night.movement, table, round_, board, night.rng)
    body = Correction(section="A", table=table, round=round_, board=board, ns=fixed.ns,
                      ew=fixed.ew, contract="4S", declarer=Seat.S, tricks=fixed.tricks)
    keyed = Keyed(body)
    night.keyed.append(keyed)
    keyed.answer = await phone.ask(body)
    row = entry_row(Result(**{name: getattr(body, name) for name in (
        "section", "table", "round", "board", "ns", "ew", "contract", "declarer", "tricks")}))
    night.meant[key_of(row)] = row
    if isinstance(keyed.answer, Ack):
        night.acked[key_of(row)] = row


def open_offers(database: Path) -> int:
    with sqlite3.connect(database, timeout=30) as db:
        found = db.execute("SELECT count(*) FROM merge_offer WHERE state = 'open'").fetchone()
    db.close()
    return int(found[0])


async def decide_offers(station: Any, night: Night) -> None:
    """The director sees each conflict side by side and takes the players' correction."""
    for offer_id in sorted(station.merge_offers()):
        await station.director.decide_merge(offer_id, True, replace=True)
    for keyed in night.keyed:
        if isinstance(keyed.answer, Nak):
            row = entry_row(Result(**{name: getattr(keyed.body, name) for name in (
                "section", "table", "round", "board", "ns", "ew", "contract", "declarer",
                "tricks")}))
            night.acked[key_of(row)] = row


def unseen(night: Night, offers: int) -> list[str]:
    """Corrections keyed that neither the station took nor the director was shown."""
    found = []
    to_director = 0
    for keyed in night.keyed:
        answer = keyed.answer
        if isinstance(answer, Ack):
            continue
        if isinstance(answer, Nak) and answer.code == ErrorCode.CORRECTION_CLOSED \
                and answer.detail == TO_DIRECTOR:
            to_director += 1
            continue
        found.append(f"correction of board {keyed.body.board} at table {keyed.body.table} "
                     f"unseen: {answer}")
    if offers < to_director:
        found.append(f"{to_director} corrections sent to the director, {offers} conflicts shown")
    return found


async def run_moving(seed: int) -> RunTally:
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, StationConfig

    rng = random.Random(seed)
    movement = generate("mitchell", TABLES, BOARDS)
    with tempfile.TemporaryDirectory(prefix="bridge-moving-") as tmp, \
            run_mosquitto() as port:
        database = Path(tmp) / "station.db"
        station = Station(StationConfig(database=f"sqlite:///{database}",
                                        mqtt_url=f"mqtt://127.0.0.1:{port}"))
        station.open_event("Pads that move", "nz", [SectionConfig("A", "mitchell", TABLES,
                                                                  BOARDS)],
                           {"A": random_deals(BOARDS, rng)})
        await station.start()
        phones = {pair: Phone(UNIT_BASE + pair, unit_key(station.config.secret,
                                                         UNIT_BASE + pair))
                  for pair in range(1, TABLES + 1)}
        night = Night(station, movement, rng, phones)
        try:
            await station.connected()
            await station.director.set_pads("A", PadPlace.EW)
            for pair, phone in phones.items():
                phone.link = MqttConnection(port, station.config.id, phone.unit, phone.key,
                                            phone.heard)
                await phone.link.start()
                table = table_of(movement, movement.pair_key(pair, "EW"), 1)
                if not isinstance(await phone.ask(Login(section="A", table=table or 0)), Ack):
                    raise RuntimeError(f"unit {phone.unit} could not log in")
            corrections: list[asyncio.Task[None]] = []
            async with asyncio.timeout(120):
                await asyncio.gather(*(play_pair(night, pair, corrections) for pair in phones))
                await asyncio.gather(*corrections)
            offers = await asyncio.to_thread(open_offers, database)
            problems = unseen(night, offers)
            await decide_offers(station, night)
        finally:
            await _stop(station, phones.values())
        run = tally(night.acked, read_results(database), list(night.meant.values()))
    run.lost += len(problems)
    run.problems = [*problems, *run.problems]
    run.figures = {"corrections_keyed": len(night.keyed),
                   "corrections_to_director": sum(isinstance(k.answer, Nak) for k in night.keyed)}
    return run


async def _stop(station: Any, phones: Any) -> None:
    stops: list[Awaitable[None]] = [p.link.stop() for p in phones if p.link is not None]
    await asyncio.gather(*stops, return_exceptions=True)
    await station.stop()
