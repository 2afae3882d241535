"""Faults played as whole simulated sessions against a station in this process.

Each run: a fresh SQLite store, a small Mitchell at high speed on simulator pads (radio,
MQTT or both), one kind of fault, then the database compared with what the pads saw acked.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import tempfile
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from basestation.movements import generate
from simulator.broker import Dynsec
from simulator.campaign.devices import ReplugRadio, RestartableBroker, lock_database
from simulator.campaign.tally import Key, RunTally, entry_row, key_of, read_results, tally
from simulator.deals import random_deals
from simulator.faults import Faults
from simulator.radio import AirFaults
from simulator.session import SPARE_OFFSET, UNIT_BASE, SectionSetup, SessionPlayer
from simulator.units import SimPad

log = logging.getLogger(__name__)
TABLES, BOARDS = 5, 10  # five rounds of two boards: 50 results a section
SPEED = 1500.0  # a board in about 0.3 s
STATION_LOGIN = ("basestation", "campaign-broker-admin")  # the station's own broker login


@dataclass
class Rig:
    """What an injector may break during a run."""

    station: Any  # basestation.station.app.Station
    player: SessionPlayer
    database: Path
    radio: ReplugRadio | None = None
    broker: RestartableBroker | None = None


Inject = Callable[[Rig], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class SessionFault:
    name: str
    links: tuple[str, ...]  # one section per entry, A, B, ...: "radio", "mqtt" or "webpad"
    faults: Faults = field(default_factory=Faults)
    inject: Inject | None = None
    nights: int = 1  # more: each next night opened from set-up on the same pads
    secured: bool = False  # the broker as deploy/ ships it: logins kept by the station
    # The fault's own must-holds, read from the station before it stops: figures, problems.
    check: Callable[[Any, SessionPlayer], tuple[dict[str, Any], list[str]]] | None = None


async def at(player: SessionPlayer, fraction: float) -> None:
    """Sleeps until `fraction` of the session's planned length has gone."""
    loop = asyncio.get_running_loop()
    while player._start == 0.0:  # play() sets it before its first await
        await asyncio.sleep(0.01)
    when = player._start + fraction * player.round_time * player.rounds
    await asyncio.sleep(max(0.0, when - loop.time()))


async def restart_broker(rig: Rig) -> None:
    assert rig.broker is not None
    for fraction in (0.35, 0.7):
        await at(rig.player, fraction)
        await rig.broker.restart(down_for=0.5)


async def unplug_receiver(rig: Rig) -> None:
    assert rig.radio is not None
    for fraction in (0.35, 0.7):
        await at(rig.player, fraction)
        rig.radio.unplug()
        await asyncio.sleep(0.5)
        port = rig.radio.replug()
        rig.station.move_receiver(port)


async def lock_store(rig: Rig) -> None:
    # One lock shorter than the store's busy timeout (commits wait), one longer (a commit
    # fails, the hub reloads from the database, pads retransmit).
    for fraction, seconds in ((0.25, 1.0), (0.55, 6.0)):
        await at(rig.player, fraction)
        await lock_database(rig.database, seconds)


async def database_unavailable(rig: Rig) -> None:
    # Ten seconds in which nothing can be written (twice the store's busy timeout, so commits
    # fail): the hub holds its batch and tries again, pads retransmit, director actions get
    # 503, and everything goes through once the database is back, with no restart.
    await at(rig.player, 0.4)
    await lock_database(rig.database, 10.0)


async def recover_pads(rig: Rig) -> None:
    # The players choose "send everything again" on every pad, mid-session and near the end.
    for fraction in (0.5, 0.9):
        await at(rig.player, fraction)
        for table in rig.player.tables:
            table.sim.act(lambda pad, now: pad.recover(now))


def handed_over(station: Any, player: SessionPlayer) -> tuple[dict[str, Any], list[str]]:
    """Every entry keyed on a pad replaced while away reached the director: stored as it is,
    or an open merge offer or conflict with that very entry (SPEC.md 6.5). One that is still
    on the pad, or that the station dropped, is lost or unseen."""
    offers = list(station.merge_offers().values())
    keyed = handed = held = 0
    problems: list[str] = []
    for table in player.tables:
        for away, entries in table.away:
            for intended in entries:
                keyed += 1
                body = intended.result()
                stored = away.memory.entries.get((intended.round, intended.board))
                now = station.held(table.letter, table.table, intended.round, intended.board)
                if stored is not None and stored.handed and body in offers:
                    handed += 1
                elif stored is not None and stored.acked and now is not None:
                    held += 1
                else:
                    problems.append(f"unit {away.unit}: board {intended.board} of "
                                    f"{table.letter}{table.table} keyed, never reached the "
                                    f"director (on the pad: {stored})")
            if away.memory.queue:  # what it kept (it is switched off by now)
                problems.append(f"unit {away.unit}: still holds {away.memory.queue}")
    figures = {"replaced_keyed": keyed, "replaced_to_director": handed,
               "replaced_held": held, "replaced_unseen": len(problems)}
    return figures, problems


SESSION_FAULTS = (
    SessionFault("broker restarted mid-round", ("mqtt",), inject=restart_broker),
    SessionFault("receiver unplugged and replugged", ("radio",), inject=unplug_receiver),
    SessionFault("30% radio loss", ("radio",), Faults(air=AirFaults(loss=0.3))),
    SessionFault("duplicated and reordered frames", ("radio", "mqtt"),
                 Faults(air=AirFaults(duplicate=0.3, latency=(0.0, 0.03), reorder=True))),
    SessionFault("database locked", ("mqtt",), inject=lock_store),
    SessionFault("database unavailable 10 s", ("radio", "mqtt"), inject=database_unavailable),
    SessionFault("pad replaced mid-round", ("radio", "mqtt"), Faults(dead_pad=0.6)),
    SessionFault("pad recovers the session from memory", ("radio", "mqtt"),
                 inject=recover_pads),
    # A phone's page reloaded (the pad resumes from the browser's storage on a new
    # connection) and its Wi-Fi gone for a while, over the WebSockets listener.
    SessionFault("browser pads reloaded and offline", ("webpad", "webpad"),
                 Faults(battery_change=0.3, dropout=0.3)),
    # The shipped broker (every pad logs in as itself, the station keeps the logins through
    # the dynamic-security plugin) restarted twice: the logins come back from its file.
    SessionFault("secured broker restarted", ("mqtt", "mqtt"), inject=restart_broker,
                 secured=True),
    # On the broker as shipped, a pad away with a result keyed while the director replaces
    # it; a spare logs in plainly; back, the old pad hands over what it held.
    SessionFault("pad replaced while holding unsent results on the broker as shipped",
                 ("mqtt", "mqtt"), Faults(away_pad=0.5), secured=True, check=handed_over),
    # Next week: the director opens a new night (another movement, another table count) and
    # the same pads, with last night's memory, play it.
    SessionFault("second night on the same pads", ("radio", "mqtt"), nights=2),
)


def pads_acked(player: SessionPlayer) -> dict[Key, dict[str, Any]]:
    """Every entry some pad holds as acknowledged: acked itself, or confirmed by the
    station's game_data after a resend (which replaces the pad's copy)."""
    acked: dict[Key, dict[str, Any]] = {}
    for table in player.tables:
        for sim in table.pads:
            for stored in sim.memory.entries.values():
                if stored.acked and stored.source != "director":
                    row = entry_row(stored.body)
                    acked[key_of(row)] = row
    return acked


async def pair_pads(station: Any, sections: int) -> None:
    """The director pairs every pad the sessions may use (and the spares) from the console;
    the station gives each its broker login before the pads switch on."""
    units = [index * UNIT_BASE + offset + table for index in range(1, sections + 1)
             for offset in (0, SPARE_OFFSET) for table in range(1, TABLES + 2)]
    await station.pair_units(units)


def night_movement(night: int, seed: int) -> tuple[str, int, int]:
    """Night 1 is the campaign's Mitchell. A later night has another movement and another
    table count: fewer tables (last night's pad at a table that is gone) or more (a new pad)."""
    if night == 1:
        return "mitchell", TABLES, BOARDS
    return ("howell", TABLES - 2, 10) if (seed + night) % 2 else ("mitchell", TABLES + 1, 12)


async def open_night(station: Any, night: int, letters: str, shape: tuple[str, int, int],
                     deals: dict[int, str]) -> None:
    """The director opens the next night from the set-up page (the same call it makes)."""
    from basestation.station.config import NewEvent, SectionConfig

    kind, tables, boards = shape
    new = NewEvent(f"Fault campaign, night {night}", "nz",
                   tuple(SectionConfig(letter, kind, tables, boards) for letter in letters),
                   deals=deals)
    await station.director.open_new_event(new)


async def play_with_fault(fault: SessionFault, rig: Rig) -> list[str]:
    """Plays the session with the fault's injector running; the problems, if it failed."""
    injector: asyncio.Task[None] | None = None
    if fault.inject is not None:
        injector = asyncio.create_task(fault.inject(rig))
    try:
        async with asyncio.timeout(300):
            await rig.player.play()
        if injector is not None:
            await injector
    except Exception as exc:  # the run failed: say so in the outcome, go on
        log.exception("session failed")
        return [f"session failed: {exc!r}"[:300]]
    finally:
        if injector is not None:
            injector.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await injector
    return []


@dataclass
class Night:
    """One night of a run: what its pads saw acked when it ended, and its event."""

    player: SessionPlayer
    event_id: int
    acked: dict[Key, dict[str, Any]]
    problems: list[str]
    figures: dict[str, Any] = field(default_factory=dict)  # the fault's own check's
    failed: list[str] = field(default_factory=list)  # ... and what it found wrong


async def run_session_fault(fault: SessionFault, seed: int) -> RunTally:
    from basestation.station.app import Station
    from basestation.station.config import SectionConfig, SerialConfig, StationConfig

    rng = random.Random(seed)
    letters = "ABCDEFGH"[:len(fault.links)]
    nights: list[Night] = []
    with tempfile.TemporaryDirectory(prefix="bridge-fault-") as tmp, \
            contextlib.ExitStack() as stack:
        database = Path(tmp) / "station.db"
        broker = radio = None
        if "mqtt" in fault.links or "webpad" in fault.links:
            dynsec = Dynsec(*STATION_LOGIN, folder=Path(tmp)) if fault.secured else None
            broker = RestartableBroker(websockets="webpad" in fault.links, dynsec=dynsec)
            broker.start()
            stack.callback(broker.stop)
        if "radio" in fault.links:
            radio = ReplugRadio(fault.faults.air, random.Random(rng.random()))
            stack.callback(radio.close)
        login = STATION_LOGIN if fault.secured else (None, None)
        config = StationConfig(
            database=f"sqlite:///{database}",
            mqtt_url=f"mqtt://127.0.0.1:{broker.port}" if broker else None,
            mqtt_username=login[0], mqtt_password=login[1],
            mqtt_dynamic_security=fault.secured,
            serial=(SerialConfig(radio.port),) if radio else ())
        station = Station(config)
        kind, tables, boards = night_movement(1, seed)
        deals = random_deals(boards, rng)
        station.open_event("Fault campaign", "nz",
                           [SectionConfig(letter, kind, tables, boards) for letter in letters],
                           dict.fromkeys(letters, deals))
        await station.start()
        pads: dict[int, SimPad] = {}  # the club's pads, the same every night
        try:
            await station.connected()
            if fault.secured:
                await pair_pads(station, len(letters))
            for night in range(1, fault.nights + 1):
                shape = kind, tables, boards = night_movement(night, seed)
                if night > 1:
                    deals = random_deals(boards, rng)
                    await open_night(station, night, letters, shape, deals)
                movement = generate(kind, tables, boards)
                player = SessionPlayer(
                    station, [SectionSetup(letter, link, movement, deals)
                              for letter, link in zip(letters, fault.links, strict=True)],
                    speed=SPEED, seed=seed * 10 + night, faults=fault.faults, radio=radio,
                    mqtt_port=broker.port if broker else None,
                    websockets_port=broker.websockets_port if broker else None, pads=pads)
                problems = await play_with_fault(fault, Rig(station, player, database, radio,
                                                            broker))
                assert station.event_id is not None
                figures, failed = fault.check(station, player) if fault.check else ({}, [])
                nights.append(Night(player, station.event_id, pads_acked(player),
                                    problems, figures, failed))
                if problems:
                    break
        finally:
            await station.stop()
        # Counted from the database once the station is stopped, every night by its event.
        runs = [tally(n.acked, read_results(database, n.event_id), n.player.intended_results())
                for n in nights]
    run = combine(runs, [n.problems for n in nights])
    for each in nights:
        run.checks_failed += len(each.failed)
        run.problems += each.failed
        for name, value in each.figures.items():
            run.figures[name] = run.figures.get(name, 0) + value
    run.pad_restarts = sum(n.player.report.battery_changes for n in nights)
    run.dropouts = sum(n.player.report.dropouts for n in nights)
    return run


def combine(runs: list[RunTally], problems: list[list[str]]) -> RunTally:
    """The nights of one run as one run: counts summed, each night's boards its own."""
    total = RunTally(rankings_match=bool(runs), interrupted=False)
    for night, (run, failed) in enumerate(zip(runs, problems, strict=True), start=1):
        total.acked |= {(f"{key[0]}{night}", *key[1:]): row for key, row in run.acked.items()}
        total.stored += run.stored
        total.lost += run.lost
        total.duplicated += run.duplicated
        total.rankings_match = total.rankings_match and run.rankings_match and not failed
        total.interrupted = total.interrupted or run.interrupted
        total.problems += [f"night {night}: {text}" for text in [*failed, *run.problems]]
    return total
