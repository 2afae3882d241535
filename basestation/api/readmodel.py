"""The one place the read routes read the station from.

The hub changes the working memory (sections, units, held results, live scores) on the event
loop, so the read routes are `async` and read it there too: never from a worker thread, where
a read could meet a dict half-changed or race LiveScores.refresh. Only database reads (which
do not touch the working memory) go to a thread, through `stored`.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import pydantic_core
from pydantic import Field

from basestation.station.app import Station
from basestation.station.core.queue import flood_alert
from basestation.station.core.units import lock_alert
from basestation.station.effects.alerts import AlertKind, AlertOut
from basestation.station.effects.events import BusEvent, RoundMoved
from basestation.station.effects.shapes import Given, Shape
from basestation.station.session.entries import ResultChanged
from basestation.station.session.memory import SectionState, Thresholds, UnitState
from basestation.station.views.grid import (
    ATTENTION_FLAGS,
    Fields,
    GridOut,
    alerts,
    grid_fields,
    offer_alert,
    round_clock,
    row_fields,
    section_fields,
)
from basestation.station.views.live import for_page
from firmware_protocol import jsonwire

T = TypeVar("T")
SENT_KEPT = 256  # live events' texts kept for the streams that have yet to send them
CLOCK_KEPT = 0.5  # seconds a section's round clock is used again for live events
# The stream's messages that are nearly all of a burst (a result, a round moving on) are
# written by pydantic-core's serializer: their fields are plain (views/grid.py's, a held
# result's own) and the JSON is the same, in a fifth of json.dumps's time (the grid bench
# at 120 tables: 66 ms to 14 ms over 756 messages). The other events keep json.dumps, whose
# `default=str` says what else they may carry as it always has, written as compactly.
PLAIN_JSON = (ResultChanged, RoundMoved)
# Seconds the alerts read at one bus position are answered again at that position: the open
# grid pages each read them after the same event (three pages cost the station one), and
# what changes them with no event on the bus (minutes without contact) waits no longer.
ALERTS_KEPT = 0.5


class LinkOut(Shape):
    name: str
    kind: str = Field(default="", description="mqtt or serial")
    where: str = Field(default="", description="the broker's host:port, or the serial port")
    connected: bool
    down_since: str | None = Field(default=None, description="when it went down, if it is")


class HealthOut(Shape):
    """The station's core: hub restarts after a failure, and whether the database answers."""

    hub_restarts: int
    hub_last_failure: str | None
    database: str  # ok, unavailable
    database_down_since: str | None
    queued: int  # messages and actions waiting for the hub
    shed: int  # pad messages dropped: a unit flooding, or the queue full (pads retransmit)
    # With [mqtt] dynamic_security: whether the pads' broker logins are in step, in a sentence.
    broker_logins: str | None = None


class StatusOut(Shape):
    event: str
    running: bool
    complete: bool
    ended: bool
    ending: list[str] = Field(default_factory=list, description=(
        "the tables an End waits for (\"A3\"): they play on, and the session ends once the "
        "last has finished"))
    published: bool
    results_public: bool
    sections: dict[str, int]
    links: list[LinkOut]
    health: HealthOut


class AlertsOut(Shape):
    """The alerts standing now (the grid's `alerts`), read alone."""

    alerts: list[AlertOut]
    epoch: str
    position: int


class UnitOut(Shape):
    unit: int
    section: str | None
    table: int | None
    battery: int | None
    firmware: str
    last_seen: str | None
    bad_macs: int
    failing: int = Field(description="frames failing their check since its last good one")
    locked: str | None = Field(description="why it is locked out: UNIT_LOCKED (by the "
                               "director) or UNIT_REPLACED (another unit took its table)")
    replaced_by: int | None = Field(default=None, description="the unit that took its table")
    link: str | None


class SectionOut(Shape):
    letter: str
    tables: int
    boards: int
    rounds: int
    current_round: int
    player_numbers: str = "first"  # when its pads ask for player numbers: never, first, every
    result_entry: str = "result"  # how its pads take a result: result (=, +1, -1) or tricks
    # Rankings on its pads after each round (None: only once published), rounds hidden.
    rankings: dict[str, int] | None = None
    pads: str = "tables"  # its pads stay at their tables, or move with the ns or ew pairs


class EventOut(Shape):
    id: int | None
    name: str
    regulations: str
    date: str | None = None
    format: str = "pairs"  # teams, swiss-teams, swiss-pairs: see GET /api/matches
    rounds: int = 0  # a Swiss event's rounds
    running: bool
    sections: list[SectionOut]
    across_the_field: bool = False  # every section's boards matchpointed together
    places: str = "section"  # pairs placed per section and direction, or across the "room"
    handicap: bool = False  # a handicap event: placed by the handicapped percentage


class MergeOfferOut(Given):
    """An offered entry (its fields as the pad sent them: a not-played one has no contract)."""

    id: int
    type: str
    section: str
    table: int
    round: int
    board: int
    ns: int
    ew: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    adjusted: str | None = None  # a not-played entry standing for an adjusted score
    unit: int | None = None
    conflict: bool = False  # the station holds another entry for this board
    held: str | None = None  # that entry, in players' words with NS's score
    offered: str | None = None  # the offered entry in words, for a conflict
    origin: str = "let_go"  # where it came from, as in AlertOut
    held_source: str | None = None  # who entered the held entry (a conflict)
    held_unit: int | None = None


def unit_json(unit: UnitState) -> UnitOut:
    return UnitOut(unit=unit.unit, section=unit.section, table=unit.table,
                   battery=unit.battery, firmware=unit.firmware,
                   last_seen=unit.last_seen.isoformat() if unit.last_seen else None,
                   bad_macs=unit.bad_macs, failing=unit.failing, locked=unit.locked_reason,
                   replaced_by=unit.replaced_by, link=unit.link)


class ReadModel:
    """What the pages read: the open session's state, as the hub leaves it between batches,
    each as the response model its route answers with (api/responses.py)."""

    def __init__(self, station: Station) -> None:
        self.station = station
        # Each live event's message, made once for all the pages' streams (live_frame).
        self._sent: OrderedDict[tuple[int, bool], tuple[BusEvent, str]] = OrderedDict()
        # Each section's round clock as last made for a live event (_clock).
        self._clocks: dict[str, tuple[tuple[str, int], float, dict[str, Any]]] = {}
        # The alerts as last read (alerts): the bus's epoch and position, and when.
        self._alerts: tuple[tuple[str, int], float, AlertsOut] | None = None

    @property
    def thresholds(self) -> Thresholds:
        """The console's alert thresholds and round lengths, as stored."""
        return self.station.session.thresholds

    @staticmethod
    async def stored(read: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """A database read, off the event loop (it does not touch the working memory)."""
        return await asyncio.to_thread(read, *args, **kwargs)

    def status(self) -> StatusOut:
        session = self.station.session
        return StatusOut(event=session.event_name, running=session.running,
                         complete=session.completed, ended=session.ended,
                         ending=session.waiting_tables() if session.ending else [],
                         published=session.published, results_public=session.results_public,
                         sections={k: s.current_round for k, s in session.sections.items()},
                         links=[self._link(link.name, link.connected.is_set())
                                for link in self.station.links],
                         health=HealthOut.model_validate(self.station.health()))

    def _link(self, name: str, connected: bool) -> LinkOut:
        kind, _, where = name.partition(":")
        since = self.station.link_health.since(name)
        return LinkOut(name=name, kind=kind, where=where, connected=connected,
                       down_since=since.isoformat() if since else None)

    def grid(self) -> GridOut:
        """Tables by rounds per section with their states, and the alerts standing now, with
        where the live stream stands: a page applies the events after it."""
        return GridOut.model_validate(self._grid_fields())

    def grid_json(self) -> bytes:
        """`grid` as GET /api/grid answers it: its plain fields written by pydantic-core, the
        same JSON as the checked grid dumped (tests/api/test_grid_json.py) in a fraction of
        the time, as a congress room's whole grid is each page's first read."""
        return pydantic_core.to_json(self._grid_fields())

    def _grid_fields(self) -> Fields:
        station = self.station
        return grid_fields(station.session, station.units, limits=self.thresholds,
                           links_down=station.link_health.down, more_alerts=self._more_alerts(),
                           epoch=station.bus.epoch, position=station.bus.position)

    def alerts(self) -> AlertsOut:
        """The alerts standing now, as the grid has them: read again once the bus has moved
        on, or after `ALERTS_KEPT` seconds."""
        station = self.station
        key, now = (station.bus.epoch, station.bus.position), time.monotonic()
        if self._alerts is None or self._alerts[0] != key or now - self._alerts[1] > ALERTS_KEPT:
            found = alerts(station.session, station.units, limits=self.thresholds,
                           links_down=station.link_health.down)
            read = AlertsOut(alerts=found + self._more_alerts(), epoch=key[0], position=key[1])
            self._alerts = (key, now, read)
        return self._alerts[2]

    def _more_alerts(self) -> list[AlertOut]:
        units = self.station.units
        held = self.station.session.tables_held
        locks = (lock_alert(u, held) for u in units.values() if u.locked_reason)
        return [*self._result_alerts(), *(found for found in locks if found is not None),
                *(flood_alert(f, units) for f in self.station.floods())]

    def live_event(self, event: BusEvent, *, director: bool) -> dict[str, Any]:
        """A bus event as a page's live stream carries it, with what it changed of the grid
        as the grid reads it: the rows of the tables it touches (`rows`, each with its
        `section`), the unit's line (`unit_row`), the round's clock, or a whole section that
        moved on (`grid`), so that the page applies it without reading the grid again."""
        station = self.station
        session = station.session
        data = for_page(session, event, director=director)
        kind = event.event_type
        where = event.where()
        tables: set[tuple[str, int]] = set()
        section = session.sections.get(where.section or "")
        if section is not None and where.table is not None:
            tables.add((section.letter, where.table))
        if where.unit is not None and (unit := station.units.get(where.unit)) is not None:
            data["unit_row"] = unit_json(unit).model_dump()
            if unit.section in session.sections and unit.table is not None:
                tables.add((unit.section, unit.table))
        if kind == "round" and section is not None:
            data["grid"] = section_fields(section, station.units, datetime.now(UTC),
                                          limits=self.thresholds, takeovers=session.takeovers,
                                          links_down=station.link_health.down)
        elif kind in ("result", "table") and section is not None:
            data["clock"] = self._clock(section)
        if kind in ("result", "table", "unit", "alert"):
            data["rows"] = [{"section": letter,
                             **self._row(session.sections[letter], table)}
                            for letter, table in sorted(tables)
                            if 1 <= table <= session.sections[letter].movement.tables]
        return data

    def live_frame(self, position: int, event: BusEvent, *, director: bool) -> str:
        """`live_event` as the stream's whole message (its SSE id "<epoch>-<position>" and
        its JSON, with the position), made once for every stream (the director's and the
        others' apart): three open grids cost the station one."""
        key = (position, director)
        made = self._sent.get(key)
        if made is None or made[0] is not event:
            data = {**self.live_event(event, director=director), "position": position}
            text = (pydantic_core.to_json(data).decode() if isinstance(event, PLAIN_JSON)
                    else json.dumps(data, default=str, separators=(",", ":"),
                                    ensure_ascii=False))
            made = (event, f"id: {self.station.bus.epoch}-{position}\ndata: {text}\n\n")
            self._sent[key] = made
            while len(self._sent) > SENT_KEPT:
                self._sent.popitem(last=False)
        return made[1]

    def _clock(self, section: SectionState) -> dict[str, Any]:
        """The section's round clock for a live event: one a section for the events of one
        bus position (a burst's results, made for the stream after the hub applied them
        all, would each work out the same clock), and none older than `CLOCK_KEPT`."""
        key, now = (section.letter, self.station.bus.position), time.monotonic()
        kept = self._clocks.get(section.letter)
        if kept is None or kept[0] != key or now - kept[1] > CLOCK_KEPT:
            made = round_clock(section, self.thresholds, datetime.now(UTC)).model_dump()
            kept = (key, now, made)
            self._clocks[section.letter] = kept
        return kept[2]

    def _row(self, section: SectionState, table: int) -> Fields:
        return row_fields(section, table, self.station.units, datetime.now(UTC),
                           limits=self.thresholds, takeovers=self.station.session.takeovers,
                           links_down=self.station.link_health.down)

    def _result_alerts(self) -> list[AlertOut]:
        """Held results a pad flagged: lead or declarer wrong, score given to the wrong side."""
        found = []
        for section in self.station.session.sections.values():
            for held in section.all_results():
                for flag in ATTENTION_FLAGS.intersection(held.flags):
                    found.append(AlertOut(kind=flag.lower(), section=held.section,
                                          table=held.table, round=held.round,
                                          board=held.board))
        return sorted(found, key=lambda a: (a.section or "", a.round or 0, a.table or 0,
                                            a.board or 0))

    def merge_offers(self) -> list[MergeOfferOut]:
        """Open merge offers, each with its entry and, when the station holds another entry
        for that board, that one in words (a conflict)."""
        session = self.station.session
        found = []
        for offer_id, offer in sorted(session.merge_offers.items()):
            shown = offer_alert(session, offer_id, offer)
            conflict = shown.kind == AlertKind.MERGE_CONFLICT
            found.append(MergeOfferOut.model_validate({
                "id": offer_id, "type": offer.body.TYPE.value,
                **jsonwire.body_to_json(offer.body), "unit": offer.unit,
                "conflict": conflict, "held": shown.held, "offered": shown.offered,
                "origin": offer.origin,
                **({"held_source": shown.held_source, "held_unit": shown.held_unit}
                   if conflict else {})}))
        return found

    def units(self) -> list[UnitOut]:
        return [unit_json(u) for u in sorted(self.station.units.values(), key=lambda u: u.unit)]

    def sections(self) -> list[SectionOut]:
        return [SectionOut(letter=s.letter, tables=s.movement.tables, boards=s.movement.boards,
                           rounds=s.movement.rounds, current_round=s.current_round,
                           player_numbers=s.ask.value, result_entry=s.result_entry.value,
                           pads=s.pads.value,
                           rankings=None if s.rankings is None else {
                               "hide_first": s.rankings.hide_first,
                               "hide_last": s.rankings.hide_last})
                for s in self.station.session.sections.values()]

    def event(self) -> EventOut:
        """The open event with its sections and the round each is in."""
        session = self.station.session
        return EventOut(id=session.event_id, name=session.event_name,
                        regulations=session.regulations, running=session.running,
                        date=session.event_date.isoformat() if session.event_date else None,
                        format=session.event_format, rounds=session.format_rounds,
                        across_the_field=session.scoring.across_the_field,
                        places=session.scoring.places, handicap=session.scoring.handicap,
                        sections=self.sections())
