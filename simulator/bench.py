"""The station's benchmarks: MQTT and serial throughput, ack and grid latency, memory, scoring.

`run_bench()` prints nothing; it returns the figures `basestation bench --json` prints.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import multiprocessing
import os
import random
import tempfile
import termios
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from basestation.movements import generate
from basestation.station import heap
from basestation.station.app import ResultChanged
from firmware_protocol import binary
from firmware_protocol.messages import Ack, Feedback, Login, Message, Nak, Result, Seat
from firmware_protocol.security import unit_key
from simulator.broker import run_mosquitto
from simulator.deals import random_deals
from simulator.echo import DurableEchoHub, EchoHub, echoing
from simulator.flood import FloodPlan, FloodReport, entries, flood_in_child
from simulator.measures import cpu_seconds, loop_seconds, percentile_ms, rss_mb, us_per_result

SECRET = "change-me"
TABLES_PER_SECTION = 25
SERIAL_BOARDS = 3 * TABLES_PER_SECTION  # three boards a round, as SPEC.md 11.9's figures
CLUB_BOARDS = 3 * TABLES_PER_SECTION  # the club stage: three boards a round, as a club plays
FLOODERS = 3  # load generator processes: the pads shared out, so they are not the limit
LINE_LEAD = 0.02  # seconds of bytes the paced line keeps written ahead (as the station does)


def _letters(count: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:count]


def _station(tmp: Path, sections: int, *, boards: int = TABLES_PER_SECTION,
             mqtt_port: int | None = None,
             serial_port: str | None = None, feedback: bool = True,
             deals: dict[int, str] | None = None) -> Any:
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, SerialConfig, StationConfig

    config = StationConfig(
        database=f"sqlite:///{tmp / 'bench.db'}", secret=SECRET,
        mqtt_url=f"mqtt://127.0.0.1:{mqtt_port}" if mqtt_port else None,
        serial=(SerialConfig(serial_port),) if serial_port else ())
    if not feedback:
        config = dataclasses.replace(config, feedback=frozenset())
    station = Station(config)
    station.open_event("Bench", "nz", [
        SectionConfig(letter, "mitchell", TABLES_PER_SECTION, boards)
        for letter in _letters(sections)],
        dict.fromkeys(_letters(sections), deals) if deals else None)
    return station


def _plan(port: int, sections: int, results_per_pad: int, interval: float = 0.0,
          skip: int = 0, *, boards: int = TABLES_PER_SECTION) -> FloodPlan:
    seats = tuple((index, letter, table) for index, (letter, table) in enumerate(
        ((letter, table) for letter in _letters(sections)
         for table in range(1, TABLES_PER_SECTION + 1)), start=1))
    return FloodPlan(port=port, station="club", secret=SECRET, seats=seats,
                     movement=generate("mitchell", TABLES_PER_SECTION, boards),
                     results_per_pad=results_per_pad, interval=interval, skip=skip,
                     status_clock=True)


@contextlib.contextmanager
def pinned_broker() -> Iterator[tuple[int, set[int] | None]]:
    """A broker for a stage, with the station (this process) on one CPU and the broker and
    the load generator on the others (`os.sched_setaffinity`), so the station's CPU figures
    are its own core's and not shared with the pads it answers. Yields the broker's port
    and the load's CPUs (None, and nothing pinned, on a machine with one CPU); every CPU is
    this process's again afterwards."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        with run_mosquitto() as port:
            yield port, None
        return
    load = set(cpus[1:])
    os.sched_setaffinity(0, load)  # the broker, started now, inherits these
    try:
        with run_mosquitto() as port:
            # This thread, and the threads it starts from now on, onto the station's CPU.
            os.sched_setaffinity(0, {cpus[0]})
            yield port, load
    finally:
        os.sched_setaffinity(0, set(cpus))


async def _started(station: Any) -> None:
    await station.start()
    heap.settle()  # as `basestation serve` does once the station has started
    await station.connected()


async def mqtt_stage(sections: int = 8, results_per_pad: int = 25,
                     baseline_runs: int = 0) -> dict[str, float]:
    """Results per second through the station, and through an echo that stores nothing.

    Travellers are off (as in a tournament), so the pads receive what the echo sends them:
    one ack per result. With them on, the load generator, not the station, is the limit.
    """
    with pinned_broker() as (port, load), tempfile.TemporaryDirectory() as tmp:
        station = _station(Path(tmp), sections, mqtt_port=port, feedback=False)
        await _started(station)
        grid_seen: dict[tuple[str, int, int, int], float] = {}
        events = station.bus.subscribe()

        async def watch() -> None:
            while True:
                event = await events.get()
                if isinstance(event, ResultChanged):
                    held = event.held
                    key = (held.section, held.table, held.round, held.board)
                    grid_seen.setdefault(key, time.time())

        watcher = asyncio.create_task(watch())
        try:
            # A busy session: every table enters a result each 2.5 s (a real one: ~7 min).
            paced = await flood_in_child(_plan(port, sections, 6, interval=2.5), FLOODERS,
                                         load)
            cpu, loop = cpu_seconds(), loop_seconds()
            sent = _sent(station)
            report = await flood_in_child(_plan(port, sections, results_per_pad - 6, skip=6),
                                          FLOODERS, load)
            cpu, loop = cpu_seconds() - cpu, loop_seconds() - loop
            sent = _sent(station) - sent
        finally:
            watcher.cancel()
            await station.stop()
        grid = [grid_seen[k] - sent for k, sent in paced.sent_at.items() if k in grid_seen]
    plan = _plan_for(sections, results_per_pad - 6)
    baseline, echo_cpu = await _baseline(plan, baseline_runs)
    durable, durable_cpu = await _baseline(plan, baseline_runs, durable=True)
    return {
        "tables": sections * TABLES_PER_SECTION,
        "mqtt_results": report.acked,
        "mqtt_results_per_s": round(report.acked / report.seconds, 1),
        "mqtt_baseline_per_s": round(baseline.acked / baseline.seconds, 1),
        "paced_results_per_s": round(paced.acked / paced.seconds, 1),
        "ack_p50_ms": round(percentile_ms(paced.latencies, 50), 2),
        "ack_p99_ms": round(percentile_ms(paced.latencies, 99), 2),
        "saturated_ack_p50_ms": round(percentile_ms(report.latencies, 50), 2),
        "saturated_ack_p99_ms": round(percentile_ms(report.latencies, 99), 2),
        "grid_p50_ms": round(percentile_ms(grid, 50), 2),
        "grid_p99_ms": round(percentile_ms(grid, 99), 2),
        # Acks are sent only after the commit: each acked result is a durable one.
        "station_cpu_us_per_result": us_per_result(cpu, report.acked),
        # The same through the baseline's link alone (read, decode, check, ack, publish):
        # the floor under the station's own figure, which also decides, stores and tells.
        "baseline_cpu_us_per_result": us_per_result(echo_cpu, baseline.acked),
        # The two as a ratio: this machine's speed drifts between runs, the ratio much less.
        "station_cpu_ratio": _cpu_ratio(cpu, report, echo_cpu, baseline),
        # The event loop's thread alone (receiving, deciding, sending; not the commits'
        # thread), beside the baseline, which runs on its loop alone.
        "station_loop_cpu_us_per_result": us_per_result(loop, report.acked),
        "station_loop_cpu_ratio": _cpu_ratio(loop, report, echo_cpu, baseline),
        # Beside a baseline that also commits each message to SQLite before acking it.
        "durable_baseline_cpu_us_per_result": us_per_result(durable_cpu, durable.acked),
        "station_durable_cpu_ratio": _cpu_ratio(cpu, report, durable_cpu, durable),
        # Messages the station sent per result: the ack, and as each table's round completes
        # and the section's round moves on, seatings and status (SPEC.md 6.7, 14).
        "station_sends_per_result": round(sent / report.acked, 2) if report.acked else math.nan,
        "load_processes": FLOODERS,
    }


async def club_stage(sections: int = 2, rounds: int = 10,
                     baseline_runs: int = 0) -> dict[str, float]:
    """A club's night, saturated: two sections of 25 tables playing three boards a round, so
    a round moves on once for three results a table, not for each (the one-board stage's
    worst case). Its CPU a result beside the baseline's of the same plan, and the ratio."""
    plan_boards = 3 * rounds
    with pinned_broker() as (port, load), tempfile.TemporaryDirectory() as tmp:
        station = _station(Path(tmp), sections, boards=CLUB_BOARDS, mqtt_port=port,
                           feedback=False)
        await _started(station)
        try:
            cpu, loop = cpu_seconds(), loop_seconds()
            sent = _sent(station)
            report = await flood_in_child(_plan(port, sections, plan_boards, boards=CLUB_BOARDS),
                                          FLOODERS, load)
            cpu, loop = cpu_seconds() - cpu, loop_seconds() - loop
            sent = _sent(station) - sent
        finally:
            await station.stop()
    plan = _plan_for(sections, plan_boards, boards=CLUB_BOARDS)
    baseline, echo_cpu = await _baseline(plan, baseline_runs)
    durable, durable_cpu = await _baseline(plan, baseline_runs, durable=True)
    return {
        "club_results": report.acked,
        "club_results_per_s": round(report.acked / report.seconds, 1),
        "club_ack_p99_ms": round(percentile_ms(report.latencies, 99), 2),
        "club_cpu_us_per_result": us_per_result(cpu, report.acked),
        "club_baseline_cpu_us_per_result": us_per_result(echo_cpu, baseline.acked),
        "club_cpu_ratio": _cpu_ratio(cpu, report, echo_cpu, baseline),
        "club_loop_cpu_us_per_result": us_per_result(loop, report.acked),
        "club_loop_cpu_ratio": _cpu_ratio(loop, report, echo_cpu, baseline),
        # Beside a baseline that also commits each message to SQLite before acking it.
        "club_durable_baseline_cpu_us_per_result": us_per_result(durable_cpu, durable.acked),
        "club_durable_cpu_ratio": _cpu_ratio(cpu, report, durable_cpu, durable),
        "club_sends_per_result": round(sent / report.acked, 2) if report.acked else math.nan,
    }


def _cpu_ratio(cpu: float, report: FloodReport, echo_cpu: float,
               baseline: FloodReport) -> float:
    """The station's CPU a result over the baseline's."""
    if not report.acked or not baseline.acked or not echo_cpu:
        return math.nan
    return round((cpu / report.acked) / (echo_cpu / baseline.acked), 2)


def _plan_for(sections: int, results_per_pad: int, *,
              boards: int = TABLES_PER_SECTION) -> Callable[[int], FloodPlan]:
    return lambda port: _plan(port, sections, results_per_pad, boards=boards)


BASELINE_RUNS = 3  # the baseline's CPU a result varies by half from one run to the next


async def _baseline(plan: Callable[[int], FloodPlan], runs: int = 0, *,
                    durable: bool = False) -> tuple[FloodReport, float]:
    """The same load through the station's own MQTT link acking at once (nothing decided,
    nothing stored): its report and the CPU it took, the station's floor. `durable`: each
    message first committed to SQLite as the station commits (simulator/echo.py), the floor
    of a station that stores in its own process. Run `runs` times (0: BASELINE_RUNS; a
    test's brief stage takes 1), each on a fresh broker; the run with the median CPU a result
    counts, so one noisy run does not move the ratios."""
    done = [await _baseline_once(plan, durable) for _ in range(runs or BASELINE_RUNS)]
    done.sort(key=lambda run: run[1] / run[0].acked if run[0].acked else math.inf)
    return done[len(done) // 2]


async def _baseline_once(plan: Callable[[int], FloodPlan],
                         durable: bool) -> tuple[FloodReport, float]:
    with pinned_broker() as (port, load), tempfile.TemporaryDirectory() as tmp:
        hub = DurableEchoHub(SECRET, Path(tmp, "echo.db")) if durable else EchoHub(SECRET)
        async with echoing(port, hub):
            echo_cpu = cpu_seconds()
            baseline = await flood_in_child(plan(port), FLOODERS, load)
            echo_cpu = cpu_seconds() - echo_cpu
    return baseline, echo_cpu


async def feedback_stage(sections: int = 8, results_per_pad: int = 8) -> dict[str, float]:
    """Ack latency with travellers and par on and hand records loaded for every board, at the
    paced stage's rate: the feedback a pad is sent must not hold up anyone's ack."""
    deals = random_deals(TABLES_PER_SECTION, random.Random(12))
    with run_mosquitto() as port, tempfile.TemporaryDirectory() as tmp:
        station = _station(Path(tmp), sections, mqtt_port=port, deals=deals)
        solving = time.perf_counter()
        await _started(station)
        # Hand records load before play; their par is solved off the loop meanwhile.
        await station.par_solved()
        solved = time.perf_counter() - solving
        cpu = cpu_seconds()
        try:
            paced = await flood_in_child(_plan(port, sections, results_per_pad, interval=2.5),
                                         FLOODERS)
        finally:
            cpu = cpu_seconds() - cpu
            await station.stop()
    return {
        "ack_p50_feedback_ms": round(percentile_ms(paced.latencies, 50), 2),
        "ack_p99_feedback_ms": round(percentile_ms(paced.latencies, 99), 2),
        "feedback_results": paced.acked,
        # At the paced rate (about 80 results/s) this includes the station's fixed costs per
        # second (broker traffic, live scoring), so it is higher than the saturated figure.
        "station_cpu_us_per_result_feedback": us_per_result(cpu, paced.acked),
        "par_solve_s": round(solved, 1),
    }


def _sent(station: Any) -> int:
    """Messages the station's MQTT link has sent so far."""
    return int(station.mqtt.sent) if station.mqtt is not None else 0


class PacedLine:
    """The receiver's side of a serial line at `baud`, both ways: bytes leave no faster than
    the line, and what the station writes arrives no faster than the line carries it."""

    def __init__(self, baud: int, deliver: Callable[[Message, int], None]) -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self._slave, termios.TCSANOW)
        self.port = os.ttyname(self._slave)
        self.bytes_per_s = baud / 10  # 8N1: ten bits a byte
        self.outgoing: asyncio.Queue[bytes] = asyncio.Queue()
        self.decoder = binary.FrameDecoder()
        self.deliver = deliver
        self.up_bytes = 0
        self.down_bytes = 0
        self._down_free_at = 0.0  # when the line will have carried everything read so far
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.master, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return
        self.down_bytes += len(data)
        now = self._loop.time()
        self._down_free_at = max(self._down_free_at, now) + len(data) / self.bytes_per_s
        for item in self.decoder.feed(data):
            if not isinstance(item, binary.DecodeError):
                # The frame's bytes on the wire: signed + mac 4 + crc 2 + COBS 1 + 2 delimiters.
                size = len(item.signed) + 9
                self._loop.call_at(self._down_free_at, self.deliver, item.message, size)

    async def run(self) -> None:
        free_at = time.perf_counter()  # when the line has sent everything written so far
        while True:
            frame = await self.outgoing.get()
            os.write(self.master, frame)
            self.up_bytes += len(frame)
            free_at = max(free_at, time.perf_counter()) + len(frame) / self.bytes_per_s
            # Kept a little ahead, as the station's writer is: a late wake-up on a busy
            # machine must not leave the line idle (it would count against the station).
            ahead = free_at - time.perf_counter() - LINE_LEAD
            if ahead > 0.005:  # sleeping for every 2 ms frame would itself slow the line
                await asyncio.sleep(ahead)

    def close(self) -> None:
        self._loop.remove_reader(self.master)
        os.close(self.master)
        os.close(self._slave)


@dataclasses.dataclass
class LineCount:
    """What crossed the line while the pads entered results."""

    acked: int = 0
    seconds: float = 0.0
    up_bytes: int = 0
    answer_bytes: int = 0  # acks and naks
    owed_bytes: int = 0  # everything else the station must deliver (seating, status, ...)
    feedback_bytes: int = 0
    feedback: int = 0  # feedback messages (whole: every part arrived)


async def _serial_pads(baud: int, sections: int, seconds: float, ports: Any,
                       go: Any, *, shown: bool) -> LineCount:
    """The pads' side of the line: 125 pads entering results as fast as acks come back, or,
    when `shown`, as fast as each board's traveller and par come back (players who look at
    them before the next board)."""
    waiting: dict[tuple[int, int], asyncio.Future[Any]] = {}
    count = LineCount()
    counting = False
    last_heard = time.perf_counter()
    to_show: dict[tuple[int, int], set[str]] = {}  # (unit, board): kinds not yet whole
    showing: dict[tuple[int, int], asyncio.Future[None]] = {}

    def deliver(message: Message, size: int) -> None:
        nonlocal last_heard
        last_heard = time.perf_counter()
        body = message.body
        if isinstance(body, Ack | Nak):
            future = waiting.pop((message.unit, body.re), None)
            if future is not None and not future.done():
                future.set_result(body)
        if isinstance(body, Feedback) and body.part == body.parts:
            kinds = to_show.get((message.unit, body.board))
            if kinds is not None:
                kinds.discard(body.kind.value)
                if not kinds:
                    del to_show[(message.unit, body.board)]
                    showing.pop((message.unit, body.board)).set_result(None)
        if not counting:
            return
        if isinstance(body, Ack | Nak):
            count.answer_bytes += size
        elif isinstance(body, Feedback):
            count.feedback_bytes += size
            count.feedback += body.part == body.parts
        else:
            count.owed_bytes += size

    line = PacedLine(baud, deliver)
    writer = asyncio.create_task(line.run())
    plan = _plan(0, sections, SERIAL_BOARDS, boards=SERIAL_BOARDS)

    async def ask(unit: int, seq: int, body: Any) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        waiting[(unit, seq)] = future
        line.outgoing.put_nowait(binary.encode_frame(Message(unit, seq, body),
                                                     unit_key(SECRET, unit)))
        return await asyncio.wait_for(future, 30)

    async def pad(unit: int, section: str, table: int, until: float) -> None:
        for seq, (round_, board, ns, ew) in enumerate(entries(plan, table), start=2):
            if time.perf_counter() > until:
                return
            body = Result(section=section, table=table, round=round_, board=board, ns=ns,
                          ew=ew, contract="4S", declarer=Seat.S, tricks=10)
            # Kept here too: on a busy machine the feedback can be whole (and its entry
            # gone from `showing`) before this pad hears its ack.
            seen: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            if shown:
                to_show[(unit, board)] = {"traveller", "par"}
                showing[(unit, board)] = seen
            if isinstance(await ask(unit, seq, body), Ack):
                count.acked += 1
            if shown:
                await asyncio.wait_for(seen, 60)

    try:
        ports.put(line.port)
        await asyncio.to_thread(go.get)  # the station is listening on the port
        await asyncio.gather(*(ask(unit, 1, Login(section=section, table=table))
                               for unit, section, table in plan.seats))
        while time.perf_counter() - last_heard < 0.5:  # the logins' game_data has arrived
            await asyncio.sleep(0.1)
        counting = True
        up_before = line.up_bytes
        started = time.perf_counter()
        await asyncio.gather(*(pad(*seat, until=started + seconds) for seat in plan.seats))
        count.seconds = time.perf_counter() - started
        count.up_bytes = line.up_bytes - up_before
        return count
    finally:
        writer.cancel()
        line.close()


def _serial_child(baud: int, sections: int, seconds: float, shown: bool,
                  queues: tuple[Any, Any, Any]) -> None:
    ports, go, out = queues
    try:
        out.put(asyncio.run(_serial_pads(baud, sections, seconds, ports, go, shown=shown)))
    except Exception as exc:  # said in the parent, not lost with the child
        out.put(f"the pads failed: {exc!r}")
        raise


def line_bound(baud: int, up_per_result: float, down_per_result: float) -> float:
    """Results per second a full-duplex line at `baud` can carry when each result needs these
    bytes each way (8N1: ten bits a byte): the busier direction sets it."""
    return baud / 10 / max(up_per_result, down_per_result)


async def serial_stage(baud: int = 115200, sections: int = 5, seconds: float = 8.0,
                       shown: bool = False) -> dict[str, float]:
    """Results per second over one receiver at `baud` with 125 pads on its channel (a radio
    base carries up to 128), travellers and par on, against what the line could carry.

    The bound counts every byte that must cross the line for a result, both ways: the result
    up, and down its ack and whatever else the station owes the pads (seating as tables move
    on). Feedback is not owed: it fills the down line when answers leave it idle (SPEC.md
    11.9), so its rate is reported beside; with `shown` the pads wait for their traveller
    and par before the next board, so feedback must flow too and is counted in the bound
    (figures named serial_shown_...). The pads and the paced line run in a child
    process, as the radio does: a busy station delays its own answers, not the pads'
    transmissions.
    """
    context = multiprocessing.get_context("spawn")
    ports, go, out = context.Queue(), context.Queue(), context.Queue()
    child = context.Process(target=_serial_child,
                            args=(baud, sections, seconds, shown, (ports, go, out)),
                            daemon=True)
    child.start()
    deals = random_deals(SERIAL_BOARDS, random.Random(12))
    try:
        port = await asyncio.to_thread(ports.get, True, 120)  # a busy machine starts slowly
        with tempfile.TemporaryDirectory() as tmp:
            station = _station(Path(tmp), sections, serial_port=port, deals=deals,
                               boards=SERIAL_BOARDS)
            await _started(station)
            await station.par_solved()
            try:
                go.put(True)
                count = await asyncio.to_thread(out.get, True, seconds + 300)
                if not isinstance(count, LineCount):
                    raise RuntimeError(count)
                dropped = station.feedback_dropped()
            finally:
                await station.stop()
    finally:
        child.join(5)
        if child.is_alive():
            child.kill()
    acked = max(count.acked, 1)
    up = count.up_bytes / acked
    down = (count.answer_bytes + count.owed_bytes + (count.feedback_bytes if shown else 0)
            ) / acked
    bound = line_bound(baud, up, down)
    rate = count.acked / count.seconds
    name = "serial_shown" if shown else "serial"
    figures = {f"{name}_results_per_s": round(rate, 1),
               f"{name}_line_bound_per_s": round(bound, 1),
               f"{name}_line_rate_fraction": round(rate / bound, 3),
               f"{name}_up_bytes_per_result": round(up, 1),
               f"{name}_down_bytes_per_result": round(down, 1),
               f"{name}_feedback_per_s": round(count.feedback / count.seconds, 1),
               f"{name}_feedback_superseded": dropped}
    if not shown:
        figures["serial_pads"] = sections * TABLES_PER_SECTION
        figures["serial_feedback_bytes_per_s"] = round(count.feedback_bytes / count.seconds)
    return figures


async def _memory_stage(sections: int) -> float:
    with run_mosquitto() as port, tempfile.TemporaryDirectory() as tmp:
        station = _station(Path(tmp), sections, mqtt_port=port)
        await _started(station)
        try:
            await flood_in_child(_plan(port, sections, 5))
            await asyncio.sleep(1.0)  # a scoring pass over every changed board
            return rss_mb()
        finally:
            await station.stop()


def _memory_child(sections: int, out: Any) -> None:
    out.put(asyncio.run(_memory_stage(sections)))


def memory_stage(sections: int = 20) -> dict[str, float]:
    """The station's resident memory with 500 tables logged in and results flowing."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    process = context.Process(target=_memory_child, args=(sections, out))
    process.start()
    value: float = out.get(timeout=300)
    process.join(10)
    return {"rss_tables": sections * TABLES_PER_SECTION, "rss_mb": round(value, 1)}


STAGES = ("mqtt", "club", "feedback", "serial", "memory", "scoring", "swiss", "grid",
          "weight")


def run_bench(progress: Callable[[str], None] = lambda _: None,
              only: frozenset[str] | None = None) -> dict[str, Any]:
    """Every stage's figures, or only those of the stages named in `only`."""
    from basestation.scoring.bench import run as scoring_bench
    from basestation.scoring.swiss_bench import congress
    from basestation.scoring.swiss_bench import run as swiss_bench

    def wanted(stage: str) -> bool:
        return only is None or stage in only

    figures: dict[str, Any] = {}
    if wanted("mqtt"):
        progress("MQTT: 200 tables through the station, then the broker round trip alone")
        figures.update(asyncio.run(mqtt_stage()))
    if wanted("club"):
        progress("club: 2 sections of 25 tables, three boards a round, then the baseline")
        figures.update(asyncio.run(club_stage()))
    if wanted("feedback"):
        progress("feedback: travellers and par on, hand records loaded")
        figures.update(asyncio.run(feedback_stage()))
    if wanted("serial"):
        progress("serial: one receiver at 115200 baud, travellers and par on")
        figures.update(asyncio.run(serial_stage()))
        progress("serial: the same, each pad waiting for its traveller and par")
        figures.update(asyncio.run(serial_stage(shown=True)))
    if wanted("memory"):
        progress("memory: 500 tables")
        figures.update(memory_stage())
    if wanted("scoring"):
        progress("scoring: 200 tables, 28 boards")
        figures.update({k: round(v, 3) for k, v in scoring_bench().items()})
    if wanted("swiss"):
        progress("Swiss draw: 100, 120, 128 and 200 entrants; a congress night of 120 pairs "
                 "and of 121 teams")
        figures.update(swiss_bench(runs=1))
        figures.update(congress())
    if wanted("grid"):
        from simulator.grid_bench import run_grid_bench

        progress("grid: a congress room of 60 and of 120 tables, the director's grid open "
                 "in headless Chromium")
        figures.update(run_grid_bench(progress=progress))
    if wanted("weight"):
        from simulator.weight_bench import run_weight_bench

        progress("weight: the pad's first load on the wire in each language, in headless "
                 "Chromium")
        figures.update(run_weight_bench())
    return figures
