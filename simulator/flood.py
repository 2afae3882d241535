"""Flood: many pads' traffic from one process, for measuring the station.

Unlike the session player's pads (one client and one state machine each), a flood pad is a
unit id multiplexed over one MQTT connection, sending one result at a time and waiting for
its ack, as fast as acks come back. It runs in a child process so the station under test
keeps a core of its own.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from dataclasses import dataclass, field, replace
from typing import Any

import aiomqtt

from basestation.movements import Movement
from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Ack, Body, Hello, Login, Message, Nak, Result, Seat
from firmware_protocol.security import unit_key
from simulator.mqtt import NO_DELAY

WINDOW = 128  # publishes awaiting PUBACK at once


@dataclass(frozen=True)
class FloodPlan:
    """Which unit sits at which table, and the station to talk to."""

    port: int
    station: str
    secret: str
    seats: tuple[tuple[int, str, int], ...]  # unit, section, table
    movement: Movement
    results_per_pad: int
    interval: float = 0.0  # seconds between one pad's results (0: as fast as acks come)
    skip: int = 0  # entries an earlier run has already made at each table
    client: str = "flood"  # the MQTT client id: one per process
    # The pads say in a hello that they restart their round clock from a status (SPEC.md
    # 6.7), as the browser pad does; its seq comes before the login's.
    status_clock: bool = False


@dataclass
class FloodReport:
    acked: int = 0
    refused: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    sent_at: dict[tuple[str, int, int, int], float] = field(default_factory=dict)  # wall clock


def entries(plan: FloodPlan, table: int) -> list[tuple[int, int, int, int]]:
    """(round, board, ns, ew) for the results one table enters, in order."""
    found = [(a.round, b, a.ns, a.ew) for a in plan.movement.table_rounds(table)
             if a.ns is not None and a.ew is not None for b in a.boards]
    return found[plan.skip:plan.skip + plan.results_per_pad]


async def flood(plan: FloodPlan, ready: Any = None) -> FloodReport:
    """`ready`: a barrier shared with the other flood processes, passed once logged in."""
    report = FloodReport()
    waiting: dict[tuple[int, int], asyncio.Future[Body]] = {}
    keys = {unit: unit_key(plan.secret, unit) for unit, _, _ in plan.seats}
    said = 1 if plan.status_clock else 0  # the hello's seq, before the first login's
    async with aiomqtt.Client("127.0.0.1", plan.port, identifier=plan.client,
                              socket_options=NO_DELAY,
                              max_inflight_messages=WINDOW * 2) as client:
        await client.subscribe(topics.down(plan.station), qos=1)
        window = asyncio.Semaphore(WINDOW)

        async def read() -> None:
            async for incoming in client.messages:
                assert isinstance(incoming.payload, bytes)
                if b'"type":"feedback"' in incoming.payload:
                    continue  # shown to players, not measured: decoding it would slow the flood
                message = jsonwire.decode(incoming.payload).message
                if isinstance(message.body, Ack | Nak):
                    future = waiting.pop((message.unit, message.body.re), None)
                    if future is not None and not future.done():
                        future.set_result(message.body)

        async def ask(unit: int, seq: int, body: Body) -> Body:
            future: asyncio.Future[Body] = asyncio.get_running_loop().create_future()
            waiting[(unit, seq)] = future
            payload = jsonwire.encode(Message(unit, seq, body), keys[unit])
            async with window:
                await client.publish(topics.up(plan.station, unit), payload, qos=1)
            return await asyncio.wait_for(future, 30)

        async def pad(unit: int, section: str, table: int) -> None:
            first = 2 + plan.skip + said  # sequence numbers continue from the earlier run
            for seq, (round_, board, ns, ew) in enumerate(entries(plan, table), start=first):
                body = Result(section=section, table=table, round=round_, board=board, ns=ns,
                              ew=ew, contract="4S", declarer=Seat.S, tricks=10)
                report.sent_at[(section, table, round_, board)] = time.time()
                started = time.perf_counter()
                answer = await ask(unit, seq, body)
                if isinstance(answer, Ack):
                    report.acked += 1
                    report.latencies.append(time.perf_counter() - started)
                else:
                    report.refused += 1
                if plan.interval:
                    await asyncio.sleep(max(0.0, plan.interval - (time.perf_counter() - started)))

        reader = asyncio.create_task(read())
        if plan.status_clock and plan.skip == 0:
            await asyncio.gather(*(ask(unit, 1, Hello("flood", None, 1, status_clock=True))
                                   for unit, _, _ in plan.seats))
        await asyncio.gather(*(ask(unit, 1 + plan.skip + said,
                                   Login(section=section, table=table))
                               for unit, section, table in plan.seats))
        if ready is not None:
            await asyncio.to_thread(ready.wait, 60)  # the other processes have logged in too
        started = time.perf_counter()
        await asyncio.gather(*(_staggered(pad(*seat), plan.interval * i / len(plan.seats))
                               for i, seat in enumerate(plan.seats)))
        report.seconds = time.perf_counter() - started
        reader.cancel()
    return report


async def _staggered(work: Any, delay: float) -> None:
    # Paced pads start spread over one interval, as tables finish boards at different times.
    await asyncio.sleep(delay)
    await work


def _child(plan: FloodPlan, out: Any, ready: Any = None) -> None:
    out.put(asyncio.run(flood(plan, ready)))


async def flood_in_child(plan: FloodPlan, processes: int = 1,
                         cores: set[int] | None = None) -> FloodReport:
    """Runs `flood` in child processes (the pads shared out between them, so the load
    generator is not the limit) and waits for their reports without blocking the loop;
    with `cores`, the children run on those CPUs only (`os.sched_setaffinity`)."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    ready = context.Barrier(processes) if processes > 1 else None
    children = []
    for index in range(processes):
        part = replace(plan, seats=plan.seats[index::processes], client=f"{plan.client}-{index}")
        child = context.Process(target=_child, args=(part, out, ready), daemon=True)
        child.start()
        if cores and child.pid is not None:
            os.sched_setaffinity(child.pid, cores)
        children.append(child)
    reports: list[FloodReport] = []
    while len(reports) < processes:
        try:
            reports.append(out.get_nowait())
        except Exception:  # queue.Empty: not yet
            ended = sum(not child.is_alive() for child in children)
            if ended > len(reports) and out.empty():  # one ended without its report
                raise RuntimeError("a flood process died") from None
            await asyncio.sleep(0.05)
    for child in children:
        child.join(5)
    return merged(reports)


def merged(reports: list[FloodReport]) -> FloodReport:
    """One report of pads flooding at the same time from several processes."""
    total = FloodReport(seconds=max(r.seconds for r in reports))
    for report in reports:
        total.acked += report.acked
        total.refused += report.refused
        total.latencies += report.latencies
        total.sent_at |= report.sent_at
    return total
