"""The session player: a whole movement played on simulated pads against a running station.

It knows every result it meant to produce (`plan`), injects faults by rate, plays the
director where a director would step in (replacing a dead pad, correcting what the players
could not), and can then compare what the station holds with what it intended.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from basestation.movements import Movement
from firmware_protocol.messages import LATEST_VERSION
from simulator.faults import Faults
from simulator.plan import Intended, plan_section
from simulator.radio import VirtualRadio
from simulator.table import Key, TablePlayer, TableStats
from simulator.units import MqttPad, RadioPad, SimPad

if TYPE_CHECKING:
    from basestation.station.app import Station

log = logging.getLogger(__name__)
BOARD_MINUTES = 7.0  # real time per board at the table
UNIT_BASE = 100  # section A's units are 101.., B's 201..; spares are 50 above
SPARE_OFFSET = 50


@dataclass(frozen=True)
class SectionSetup:
    letter: str
    # "radio" (bridgepads), "mqtt" (BridgeScorers) or "webpad" (browser pads: MQTT over
    # WebSockets, reloaded and taken offline like a phone)
    link: str
    movement: Movement
    deals: dict[int, str]


@dataclass
class SessionReport:
    """What happened, for the summary and for tests."""

    planned: int = 0
    sent: int = 0  # results the players entered (first entries, corrections, re-entries)
    accepted: int = 0
    flagged: int = 0
    refused: int = 0
    corrected_at_table: int = 0
    corrected_by_director: int = 0
    reentered: int = 0
    retransmissions: int = 0
    faults: int = 0
    wrong_logins: int = 0
    replaced_pads: int = 0
    battery_changes: int = 0
    dropouts: int = 0
    station_restarts: int = 0
    seconds: float = 0.0
    mismatches: list[str] = field(default_factory=list)

    @property
    def recovered(self) -> int:
        """Results that reached the station right only through a recovery path."""
        return self.corrected_at_table + self.corrected_by_director + self.reentered

    def summary(self) -> dict[str, Any]:
        return {"results sent": self.sent, "accepted": self.accepted, "flagged": self.flagged,
                "recovered": self.recovered, "refused": self.refused,
                "corrected at table": self.corrected_at_table,
                "corrected by director": self.corrected_by_director,
                "re-entered": self.reentered, "retransmissions": self.retransmissions,
                "pads replaced": self.replaced_pads, "battery changes": self.battery_changes,
                "dropouts": self.dropouts, "wrong-table logins": self.wrong_logins,
                "station restarts": self.station_restarts, "planned": self.planned,
                "mismatches": len(self.mismatches), "seconds": round(self.seconds, 1)}


async def restart_station(station: Station) -> None:
    """Stop the station and start it again on the same database (a crash and a reboot)."""
    await station.stop()
    await station.start()
    await station.connected()


class SessionPlayer:
    """Plays `sections` against `station` over the virtual radio and/or MQTT."""

    def __init__(self, station: Station, sections: list[SectionSetup], *, speed: float = 60.0,
                 seed: int = 1, faults: Faults | None = None, radio: VirtualRadio | None = None,
                 mqtt_port: int | None = None, websockets_port: int | None = None,
                 board_minutes: float = BOARD_MINUTES,
                 restart: Callable[[], Awaitable[None]] | None = None,
                 protocol: int = LATEST_VERSION,
                 pads: dict[int, SimPad] | None = None,
                 free: frozenset[tuple[str, int]] = frozenset()) -> None:
        self.station = station
        self.sections = sections
        self.speed = speed
        self.rng = random.Random(seed)
        self.faults = faults or Faults()
        self.radio = radio
        self.mqtt_port = mqtt_port
        self.websockets_port = websockets_port
        self.restart = restart or (lambda: restart_station(station))
        self.protocol = protocol  # the version the pads' firmware speaks
        # Every pad by unit. Given from an earlier session, its pads play this one with the
        # memory they kept (the club's second night); new units get new pads.
        self.pads: dict[int, SimPad] = pads if pads is not None else {}
        self.board_time = board_minutes * 60.0 / speed
        self.deals = {s.letter: s.deals for s in sections}
        # Tables left to someone else (the demo's person at a browser pad): not played here,
        # nor counted in what was meant or held.
        self.free = free
        self.plan: dict[Key, Intended] = {}
        for setup in sections:
            planned = plan_section(setup.letter, setup.movement, setup.deals,
                                   random.Random(self.rng.random()))
            self.plan |= {key: i for key, i in planned.items() if key[:2] not in free}
        boards_per_round = max((len(a.boards) for s in sections
                                for a in s.movement.assignments), default=1)
        self.round_time = self.board_time * boards_per_round
        self.rounds = max((s.movement.rounds for s in sections), default=0)
        self.tables: list[TablePlayer] = []
        self.to_correct: dict[Key, Intended] = {}
        self.report = SessionReport(planned=len(self.plan))
        self._start = 0.0

    # -- what the tables ask -----------------------------------------------------------------

    async def round_started(self, round_: int) -> None:
        start = self._start + (round_ - 1) * self.round_time
        await asyncio.sleep(max(0.0, start - asyncio.get_running_loop().time()))

    async def authorise_takeover(self, section: str, table: int) -> None:
        await self._act(lambda: self.station.director.authorise_takeover(section, table))

    def needs_director(self, intended: Intended, why: str) -> None:
        log.info("director needed at %s: %s", intended.key, why)
        self.to_correct[intended.key] = intended

    async def _act(self, run: Callable[[], Awaitable[object]]) -> None:
        # A director action queued while the station restarts may be lost with the old hub.
        for _ in range(5):
            try:
                async with asyncio.timeout(10):
                    await run()
                    return
            except TimeoutError:
                continue
        raise RuntimeError("the station does not answer the director")

    # -- the session -------------------------------------------------------------------------

    def _make_pad(self, setup: SectionSetup) -> Callable[[int], SimPad]:
        make = self._new_pad(setup)

        def pad(unit: int) -> SimPad:
            if unit not in self.pads:
                self.pads[unit] = make(unit)
            return self.pads[unit]

        return pad

    def _new_pad(self, setup: SectionSetup) -> Callable[[int], SimPad]:
        secret, protocol = self.station.config.secret, self.protocol
        if setup.link == "radio":
            radio = self.radio
            if radio is None:
                raise ValueError(f"section {setup.letter} plays on the radio: give one")
            return lambda unit: RadioPad(radio, unit, secret, speed=self.speed,
                                         rng=random.Random(unit * 7919 + self.rng.random()),
                                         protocol=protocol)
        websockets = setup.link == "webpad"
        port = self.websockets_port if websockets else self.mqtt_port
        if port is None:
            raise ValueError(f"section {setup.letter} plays over {setup.link}: give the "
                             "broker's port for it")
        station_id = self.station.config.id
        air = self.faults.air
        return lambda unit: MqttPad(port, station_id, unit, secret, speed=self.speed,
                                    rng=random.Random(unit * 7919 + self.rng.random()),
                                    faults=air, protocol=protocol, websockets=websockets)

    def _dropout(self, sim: SimPad, seconds: float) -> None:
        """Out of contact for `seconds`; 0 or less: an MQTT pad's contact back now."""
        if seconds <= 0:
            if isinstance(sim, MqttPad):
                sim.connection.back()
        elif isinstance(sim, RadioPad):
            sim.radio.dropout(seconds, sim.unit)
        elif isinstance(sim, MqttPad):
            sim.connection.blackout(seconds)

    def _build_tables(self) -> None:
        for index, setup in enumerate(self.sections, start=1):
            make_pad = self._make_pad(setup)
            for table in range(1, setup.movement.tables + 1):
                if (setup.letter, table) in self.free:
                    continue
                rounds = list(setup.movement.table_rounds(table))
                self.tables.append(TablePlayer(
                    self, setup.letter, table, rounds=rounds, make_pad=make_pad,
                    unit=index * UNIT_BASE + table,
                    spare_unit=index * UNIT_BASE + SPARE_OFFSET + table,
                    rng=random.Random(self.rng.random()), dropout=self._dropout))

    async def play(self) -> SessionReport:
        loop = asyncio.get_running_loop()
        self._build_tables()
        self._start = loop.time() + self.board_time / 2
        restarter = None
        if self.faults.station_restart:
            restarter = asyncio.create_task(self._restart_half_way())
        try:
            await asyncio.gather(*(table.play() for table in self.tables))
            if restarter is not None:
                await restarter
            await self.correct_as_director()
            await self._settle()
        finally:
            if restarter is not None:
                restarter.cancel()
            for table in self.tables:
                await table.close()
        self.report.seconds = loop.time() - self._start
        self._count()
        self.report.mismatches = self.mismatches()
        return self.report

    async def _restart_half_way(self) -> None:
        await asyncio.sleep(self.round_time * self.rounds / 2)
        log.info("station restart")
        await self.restart()
        self.report.station_restarts += 1

    async def correct_as_director(self) -> None:
        """The director enters the right result for everything the players could not fix."""
        for intended in self.to_correct.values():
            await self._act(self._director_enters(intended))
            self.report.corrected_by_director += 1

    def _director_enters(self, intended: Intended) -> Callable[[], Awaitable[object]]:
        result = intended.result()
        return lambda: self.station.director.enter(result)

    async def _settle(self) -> None:
        # Let the director's correction_push messages reach the pads before they switch off.
        await asyncio.sleep(min(0.3, self.board_time))

    def _count(self) -> None:
        report = self.report
        totals = TableStats()
        for table in self.tables:
            for name in vars(totals):
                setattr(totals, name, getattr(totals, name) + getattr(table.stats, name))
            report.retransmissions += sum(sim.retransmitted for sim in table.pads)
        report.sent = totals.entered + totals.corrected_at_table + totals.reentered
        report.accepted, report.flagged, report.refused = (totals.accepted, totals.flagged,
                                                           totals.refused)
        report.corrected_at_table, report.reentered = totals.corrected_at_table, totals.reentered
        report.wrong_logins, report.replaced_pads = totals.wrong_logins, totals.replaced
        report.battery_changes, report.dropouts = totals.battery_changes, totals.dropouts
        report.faults = totals.faults

    # -- checking ----------------------------------------------------------------------------

    def held_results(self) -> list[dict[str, Any]]:
        """What the station holds now, as rows for simulator.ranking."""
        rows = []
        for letter in self.deals:
            for held in self.station.held_results(letter):
                if (held.section, held.table) in self.free:
                    continue
                rows.append({"section": held.section, "table": held.table,
                             "round": held.round, "board": held.board, "ns": held.ns,
                             "ew": held.ew, "contract": held.contract,
                             "declarer": held.declarer, "tricks": held.tricks,
                             "lead": held.lead, "kind": held.kind})
        return rows

    def intended_results(self) -> list[dict[str, Any]]:
        return [{"section": i.section, "table": i.table, "round": i.round, "board": i.board,
                 "ns": i.ns, "ew": i.ew, "contract": i.contract,
                 "declarer": i.declarer.value if i.declarer else None, "tricks": i.tricks,
                 "lead": i.lead, "kind": "result"} for i in self.plan.values()]

    def mismatches(self) -> list[str]:
        """Every difference between the station's results and the intended ones."""
        held = {(r["section"], r["table"], r["round"], r["board"]): r
                for r in self.held_results()}
        intended = {(r["section"], r["table"], r["round"], r["board"]): r
                    for r in self.intended_results()}
        problems = [f"missing {key}" for key in intended.keys() - held.keys()]
        problems += [f"not intended {key}: {held[key]}" for key in held.keys() - intended.keys()]
        for key in intended.keys() & held.keys():
            if held[key] != intended[key]:
                problems.append(f"differs {key}: held {held[key]}, intended {intended[key]}")
        return sorted(problems)

    def held_count(self, letter: str) -> int:
        return sum(1 for h in self.station.held_results(letter)
                   if (letter, h.table) not in self.free)

    def planned_count(self, letter: str) -> int:
        return sum(1 for key in self.plan if key[0] == letter)
