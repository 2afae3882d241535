"""The station: store, hub and links wired together, started and stopped as one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from pathlib import Path

from basestation.movements import Movement
from basestation.station.commands.director import DirectorService
from basestation.station.commands.pads import PadService
from basestation.station.commands.swiss_draw import SwissDraw
from basestation.station.config import (
    ConfigError,
    EventScoring,
    SectionConfig,
    StationConfig,
    network_defaults,
)
from basestation.station.core.floods import CUT_OFF
from basestation.station.core.hub import Hub
from basestation.station.core.outbox import Link
from basestation.station.core.queue import Flood
from basestation.station.effects.batch import Batch
from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import (
    BusEvent,
    HubRestarted,
    ScoresChanged,
    SessionComplete,
    SessionStatus,
)
from basestation.station.effects.link_health import LinkHealth
from basestation.station.links.dynsec import BrokerLogins
from basestation.station.links.mqtt import MqttLink
from basestation.station.links.serial import SerialLink
from basestation.station.rules.composed import SessionRules
from basestation.station.session.entries import Entry, ResultChanged
from basestation.station.session.memory import HeldResult, SectionState, UnitState
from basestation.station.session.pairing_codes import PairingCodes
from basestation.station.session.state import SessionState
from basestation.station.views.match_shapes import MatchesOut, matches_json
from basestation.store import repository as repo
from basestation.store.models import PlayerRow
from basestation.store.repository import Store

log = logging.getLogger(__name__)
STOP_WAIT = 10.0  # seconds the station's tasks get to end once cancelled
RESCORED_A_TURN = 4  # boards rescored before the event loop's next turn (live scoring)


class Station:
    """One station process. `start` rebuilds state from the database before any link opens."""

    def __init__(self, config: StationConfig, *, director_pin: str | None = None) -> None:
        self.config = config
        self.store = Store(config.database)
        self.bus = EventBus()
        session = SessionState(director_pin=director_pin or config.director_pin,
                               feedback=config.feedback,
                               own_sections=frozenset(config.sections))
        self.hub = Hub(self.store, config.secret, self.bus,
                       lambda hub: SessionRules(session, hub))
        self.rules = self.hub.rules
        self.director = DirectorService(self.hub, self.rules)  # the director's commands
        self.links: list[MqttLink | SerialLink] = []
        self.link_health = LinkHealth(self.bus)  # which links are down, said on the grid
        self.logins: BrokerLogins | None = None  # with [mqtt] dynamic_security
        self.pairing = PairingCodes()  # browser pads' one-time pairing codes (SPEC.md 10.5)
        self.pads = PadService(self.hub, self.pairing)  # a browser pad's calls beside the wire
        self._tasks: list[asyncio.Task[None]] = []
        self.hub_restarts = 0
        self.hub_failure: str | None = None

    @property
    def mqtt(self) -> MqttLink | None:
        return next((link for link in self.links if isinstance(link, MqttLink)), None)

    # -- before the station runs ------------------------------------------------------------
    # The event and the club's list a program (or the config file, at start-up) sets up
    # before `start`. Nothing serves the hub's queue yet (a Station may be made outside any
    # event loop, as the core's tests do) and nothing else can write: no link is open, no page
    # served. So these commit their rows in one transaction of their own and the working
    # memory is loaded from them, as `start` does (docs/ARCHITECTURE.md, "Writes before the
    # station runs"). Once it runs they refuse: a new event or players then go through the
    # hub like every other write (`director.open_new_event`, `director.set_players`).

    def open_event(self, name: str, regulations: str, sections: list[SectionConfig],
                   hand_records: Mapping[str, Mapping[int, str]] | None = None,
                   held_on: date | None = None, *, event_format: str = "pairs",
                   rounds: int = 0, scoring: EventScoring | None = None) -> int:
        """Creates a new event (before the station runs) and makes it the open one."""
        self._not_running("director.open_new_event")
        event, section_rows = SessionState.event_rows(name, regulations, sections, held_on,
                                                      event_format=event_format, rounds=rounds,
                                                      scoring=scoring)
        deals = {letter: dict(d) for letter, d in (hand_records or {}).items()}
        self.store.commit([repo.create_event(event, section_rows, deals)])
        assert event.id is not None
        self.hub.load()
        return event.id

    def import_players(self, players: Mapping[int, str]) -> None:
        """The club's list (number: name), before the station runs."""
        self._not_running("director.set_players")
        # A renamed player keeps the national number and handicap the club's list has.
        session = self.rules.session
        rows = [PlayerRow(number=n, name=name, national=session.national.get(n),
                          handicap=session.handicaps.get(n)) for n, name in players.items()]
        self.store.commit([repo.merge(row) for row in rows])
        self.hub.load()

    def _not_running(self, instead: str) -> None:
        if self._tasks:
            raise RuntimeError(f"the station runs: its writes go through the hub ({instead})")

    def _event_from_config(self) -> None:
        event = self.config.event
        if event is None:
            return
        current = self.store.snapshot().event
        if current is not None and current.name == event.name:
            return  # a restart: carry on with the open event
        if current is not None and current.id is not None \
                and self.store.has_audit(current.id, "open_event"):
            # Set up from the browser since: a restart must not close the night in play.
            log.warning("the open event %r was set up from the browser; the config file's "
                        "event %r is not opened", current.name, event.name)
            return
        hand_records = None
        if event.hand_records:
            from basestation.formats.handrecords import read_hand_records

            deals = read_hand_records(Path(event.hand_records))
            hand_records = {s.letter: deals for s in event.sections}
        self.open_event(event.name, event.regulations, list(event.sections), hand_records,
                        event_format=event.format, rounds=event.rounds,
                        scoring=event.scoring)
        if event.players:
            from basestation.formats.players import read_players

            self.import_players(read_players(Path(event.players)))

    async def start(self) -> None:
        if problems := network_defaults(self.config):
            raise ConfigError(" ".join(problems))
        await self.hub.reread()
        await asyncio.to_thread(self._event_from_config)
        if self.config.mqtt_url:
            if self.config.mqtt_dynamic_security:
                self.logins = BrokerLogins(lambda: self.hub.units, self.bus, self.config.id,
                                           self.config.mqtt_logins_for)
                self.hub.flood_control.cut_off = CUT_OFF  # a flooding unit is cut off at the broker
                self._tasks.append(asyncio.create_task(self.logins.run(), name="logins"))
            self.links.append(MqttLink(self.hub, self.config.mqtt_url, self.config.id,
                                       username=self.config.mqtt_username,
                                       password=self.config.mqtt_password,
                                       logins=self.logins))
        for serial in self.config.serial:
            self.links.append(SerialLink(self.hub, serial.port, serial.baud, serial.channel))
        self._tasks.append(asyncio.create_task(self._supervise_hub(), name="hub"))
        self._tasks.append(asyncio.create_task(self._rescore(), name="scores"))
        self._tasks.append(asyncio.create_task(self._backup_at_session_end(), name="backup"))
        self._tasks.append(asyncio.create_task(SwissDraw(self.hub, self.rules).run(),
                                               name="swiss"))
        for link in self.links:
            self._tasks.append(asyncio.create_task(link.run(), name=link.name))
        self._tasks.append(asyncio.create_task(self.link_health.watch(self.links),
                                               name="link-health"))

    async def _supervise_hub(self) -> None:
        """Runs the hub; should it ever fail, says so and starts it again from what is stored
        (nothing unstored was acknowledged), so the pads and the director are never left
        waiting on a dead task."""
        pause = 0.1
        while True:
            try:
                await self.hub.run()
            except Exception as exc:
                self.hub_restarts += 1
                self.hub_failure = f"{datetime.now(UTC):%H:%M:%S} {exc!r}"[:200]
                log.exception("the hub failed; restarting it (restart %d)", self.hub_restarts)
                self.bus.publish(HubRestarted(self.hub_restarts))
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
                with contextlib.suppress(Exception):  # still unavailable: the hub waits for it
                    await self.hub.reread()

    def health(self) -> dict[str, object]:
        """How the station's core is: for /api/status."""
        down = self.hub.commits.down_since
        return {"hub_restarts": self.hub_restarts, "hub_last_failure": self.hub_failure,
                "database": "ok" if down is None else "unavailable",
                "database_down_since": None if down is None else down.isoformat(),
                "queued": self.hub.queued, "shed": self.hub.shed,
                "broker_logins": None if self.logins is None else self.logins.status()}

    async def _rescore(self, every: float = 0.5, share: float = 0.1) -> None:
        """Rescores changed boards a few times a second and tells the pages which. Under a
        flood of results it waits longer, so live scoring takes at most `share` of the
        station's time and each board is rescored once for several results, not once each."""
        pause = every
        while True:
            await asyncio.sleep(pause)
            scores = self.session.scores
            if scores is None or not scores.dirty:
                continue
            # A few boards at a time, the loop's other work between: a congress round's
            # boards rescored at once held the pages' streams for 40 ms.
            boards: list[tuple[str, int]] = []
            spent, left = 0.0, len(scores.dirty)
            while left > 0 and scores.dirty and scores is self.session.scores:
                started = time.perf_counter()
                done = scores.refresh(RESCORED_A_TURN)
                spent += time.perf_counter() - started
                boards += done
                left -= len(done)
                await asyncio.sleep(0)
            pause = max(every, spent * (1 - share) / share)
            self.bus.publish(ScoresChanged([list(b) for b in boards]))

    async def _backup_at_session_end(self) -> None:
        """A copy of the SQLite store goes to the backups when the last board of the session is
        in (every section complete) and again when the director ends the session."""
        folder = self.config.backup_folder
        if folder is None:
            return
        events = self.bus.subscribe()
        while True:
            event = await events.get()
            ended = isinstance(event, SessionStatus) and event.ended
            if ended or isinstance(event, SessionComplete):
                stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
                path = folder / f"event{self.session.event_id}-{stamp}.db"
                try:
                    await asyncio.to_thread(self.store.backup, path)
                    log.info("session backup written to %s", path)
                except (OSError, sqlite3.Error):
                    log.exception("session backup to %s failed", path)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        # Bounded: a task that swallows its cancel (a library's disconnect, say) must not
        # hang the stop for ever; it is named in the log instead.
        done, stuck = await asyncio.wait(self._tasks, timeout=STOP_WAIT) if self._tasks \
            else (set(), set())
        for task in done:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                task.result()
        for task in stuck:
            log.warning("station stop: %s did not stop within %s s", task.get_name(),
                        STOP_WAIT)
        self._tasks.clear()
        self.links.clear()  # start() opens fresh links, so a stopped station can start again
        self.session.par.close()
        self.store.close()

    # -- for programs running a station in-process (the simulator, the demo, the bench) ----
    # What they may do and read, besides start/stop, open_event and import_players (before
    # start) and the events on `bus`; every write is one of the director's commands
    # (`director`, commands/director.py), in turn through the hub as the pages' are.

    def matches(self) -> MatchesOut:
        """The open event's matches and standings (teams and Swiss), as GET /api/matches
        shows them (views/match_shapes.py)."""
        return matches_json(self.session)

    async def connected(self, timeout: float = 15.0) -> None:
        """Returns once every link is connected (the broker, the receiver's port)."""
        async with asyncio.timeout(timeout):
            for link in self.links:
                await link.connected.wait()

    async def pair_units(self, units: Iterable[int]) -> None:
        """Pairs the units as the director would; with the broker's logins kept by the
        station, returns once the broker has each one's login."""
        wanted = list(units)
        await self.director.pair_units(wanted)
        if self.logins is None:
            return
        for unit in wanted:
            if not await self.logins.settle(unit, timeout=10):
                raise RuntimeError(f"the broker did not take unit {unit}'s login")

    async def login_elsewhere(self, unit: int) -> str | None:
        """With the broker's logins kept by the station: the station id of another event on
        the same broker whose login `unit` is (deploy/INSTALL.md, section 6), else None."""
        return None if self.logins is None else await self.logins.elsewhere(unit)

    def move_receiver(self, port: str) -> None:
        """The radio receiver is on another serial port now (unplugged and plugged back)."""
        for link in self.links:
            if isinstance(link, SerialLink):
                link.port = port

    @property
    def session(self) -> SessionState:
        """The open session's state, for reading on the event loop between the hub's batches
        (the pages' read model, programs); it changes only through the hub."""
        return self.rules.session

    @property
    def club_language(self) -> str:
        """The club's language: as the director set it on /setup, else station.toml's."""
        return self.rules.session.club_language or self.config.club_language

    @property
    def units(self) -> Mapping[int, UnitState]:
        """Every unit the station knows, by number (read as `session`)."""
        return self.hub.units

    def floods(self) -> list[Flood]:
        """Units sending far more than a pad should, as the grid shows them."""
        return self.hub.floods()

    @property
    def event_id(self) -> int | None:
        return self.session.event_id

    @property
    def event_format(self) -> str:
        return self.session.event_format

    @property
    def regulations(self) -> str:
        return self.session.regulations

    def movements(self) -> dict[str, Movement]:
        """Each section's movement now, by letter (a Swiss section's grows as rounds are
        drawn)."""
        return {letter: state.movement for letter, state in self.session.sections.items()}

    def held_results(self, letter: str) -> list[HeldResult]:
        """Every result the section holds now."""
        state = self._section(letter)
        return [] if state is None else state.all_results()

    def held(self, letter: str, table: int, round_: int, board: int) -> HeldResult | None:
        """The result held now for a board at a table in a round."""
        state = self._section(letter)
        return None if state is None else state.held(table, round_, board)

    def table_holder(self, letter: str, table: int) -> int | None:
        """The unit holding a table now."""
        state = self._section(letter)
        return None if state is None else state.holders.get(table)

    def table_round(self, letter: str, table: int) -> int:
        """The round a table was last heard playing (0: none yet)."""
        state = self._section(letter)
        return 0 if state is None else state.table_round.get(table, 0)

    def _section(self, letter: str) -> SectionState | None:
        return self.session.sections.get(letter)

    def unit_table(self, unit: int) -> int | None:
        """The table a unit holds now."""
        known = self.hub.units.get(unit)
        return None if known is None else known.table

    def merge_offers(self) -> dict[int, Entry]:
        """The entries offered to the director (merge offers and conflicts), by id."""
        return {offer_id: offer.body for offer_id, offer in self.session.merge_offers.items()}

    def waiting(self, unit: int) -> int:
        """The unit's messages waiting for the hub."""
        return self.hub.waiting(unit)

    def flooding(self) -> list[int | None]:
        """The units the grid names as flooding now (None: frames failing the check,
        claiming many units)."""
        return [flood.unit for flood in self.floods()]

    def sending_again(self) -> list[int]:
        """The let-go units the grid names for sending other entries for boards they had
        sent (`many_offers`)."""
        return sorted(self.session.offers_replaced)

    async def par_solved(self, timeout: float = 600.0) -> None:
        """Returns once every par the station has been asked for is solved."""
        await asyncio.to_thread(self.session.par.wait, timeout)

    def feedback_dropped(self) -> int:
        """Feedback frames the serial links left out to keep their lines for answers."""
        return sum(link.order.feedback_dropped for link in self.links
                   if isinstance(link, SerialLink))


__all__ = ["Batch", "Link", "Station"]


__all__ = ["STOP_WAIT", "BusEvent", "ResultChanged", "Station"]
