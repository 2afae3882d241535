"""What the station tells the grid page and its other listeners on the bus, in one place.

Every event is a small frozen dataclass below (a result's beside the held result it reads,
session/entries.py; the console's beside the thresholds, rules/console.py). The batch and
the bus carry these objects, and their listeners read their attributes; only where an event
leaves the process (the pages' live stream, api/readmodel.py) does its one `to_json` make the
JSON the pages read: a "type" ("unit", "alert", "result", ...) and its fields. An alert names
its `kind`, one of AlertKind. Alerts are made by the small constructors below (a
flood's and a locked unit's beside what they read: core/queue.py, core/units.py), so each
kind's fields are written once (docs/ARCHITECTURE.md, "Events and alerts"). Standing
alerts (the grid's list) and alerts published as they happen share the kinds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, NamedTuple

from basestation.station.effects.alerts import AlertKind, AlertOut, alert

Event = dict[str, Any]  # an event's JSON, as it leaves the process


class Where(NamedTuple):
    """What of the grid an event touches: a section's table, a unit (each None if none)."""

    section: str | None = None
    table: int | None = None
    unit: int | None = None


def _where(field: Callable[[str], object]) -> Where:
    section, table, unit = (field(name) for name in Where._fields)
    return Where(section if isinstance(section, str) else None,
                 table if isinstance(table, int) else None,
                 unit if isinstance(unit, int) and not isinstance(unit, bool) else None)


@dataclass(frozen=True)
class BusEvent:
    """An event for the pages: its JSON is its "type" and its fields."""

    TYPE: ClassVar[str]

    @property
    def event_type(self) -> str:
        """The "type" its JSON says (a section's setting names its own)."""
        return self.TYPE

    def where(self) -> Where:
        """The section, table and unit it is about, from the fields of those names."""
        return _where(lambda name: getattr(self, name, None))

    def to_json(self) -> Event:
        return {"type": self.TYPE, **self._fields()}

    def _fields(self) -> Event:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class EventOpened(BusEvent):
    """A new event is open: the pages load it."""

    TYPE = "event"
    id: int
    name: str


@dataclass(frozen=True)
class TableTakeover(BusEvent):
    """The director let another pad take a table over (or withdrew that)."""

    TYPE = "table"
    section: str
    table: int
    takeover: bool


@dataclass(frozen=True)
class TableHeld(BusEvent):
    """A table's pad logged in (`unit`), or the table was freed (None, not_logged_in)."""

    TYPE = "table"
    section: str
    table: int
    unit: int | None
    state: str  # logged_in, not_logged_in


@dataclass(frozen=True)
class UnitChanged(BusEvent):
    """A unit paired (new), moved to its next key (rekeyed), locked, reset, or let back
    after a flood's cut-off (let_back)."""

    TYPE = "unit"
    unit: int
    state: str


@dataclass(frozen=True)
class UnitHeard(BusEvent):
    """A unit said hello, with its battery."""

    TYPE = "unit"
    unit: int
    battery: int | None
    state: str = "heard"


@dataclass(frozen=True)
class ScoresChanged(BusEvent):
    """Boards rescored (each [section, board]); none named: reread every score."""

    TYPE = "scores"
    boards: list[list[object]]


@dataclass(frozen=True)
class MovementChanged(BusEvent):
    TYPE = "movement"
    section: str


@dataclass(frozen=True)
class SessionStatus(BusEvent):
    """The session paused, resumed or ended, or its end waiting for the tables in `waiting`."""

    TYPE = "status"
    running: bool
    ended: bool
    waiting: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResultsPublished(BusEvent):
    """The open event's results published (or withdrawn)."""

    TYPE = "status"
    published: bool


@dataclass(frozen=True)
class SeatsChanged(BusEvent):
    """Who plays for a pair or team changed."""

    TYPE = "seats"
    section: str
    entrant: int
    side: str
    players: list[int]


@dataclass(frozen=True)
class PlayerAdded(BusEvent):
    """A visitor joined the club's list."""

    TYPE = "player"
    number: int
    name: str
    visitor: bool = True


@dataclass(frozen=True)
class RoundMoved(BusEvent):
    TYPE = "round"
    section: str
    round: int


@dataclass(frozen=True)
class SessionComplete(BusEvent):
    """Every board of every section is in."""

    TYPE = "complete"
    event: int | None


@dataclass(frozen=True)
class Alerted(BusEvent):
    """An alert published as it happens: its kind and the fields that kind carries."""

    TYPE = "alert"
    KIND: ClassVar[AlertKind]

    def to_json(self) -> Event:
        return {**self._head(), **self._fields()}

    def _head(self) -> Event:
        return {"type": self.TYPE, "kind": self.KIND.value}


@dataclass(frozen=True)
class DatabaseUnavailable(Alerted):
    KIND = AlertKind.DATABASE_UNAVAILABLE


@dataclass(frozen=True)
class DatabaseBack(Alerted):
    KIND = AlertKind.DATABASE_BACK


@dataclass(frozen=True)
class HubRestarted(Alerted):
    KIND = AlertKind.HUB_RESTARTED
    restarts: int


@dataclass(frozen=True)
class TableInUse(Alerted):
    """A pad asked for a table another unit holds, without a takeover."""

    KIND = AlertKind.TABLE_IN_USE
    section: str
    table: int
    unit: int
    holder: int | None


@dataclass(frozen=True)
class WrongPin(Alerted):
    """A wrong director's PIN: how many so far, and the wait it now has, in seconds."""

    KIND = AlertKind.WRONG_PIN
    unit: int
    count: int
    wait: int


@dataclass(frozen=True)
class UnitReplaced(Alerted):
    """Another pad (`by`) took the unit's table over."""

    KIND = AlertKind.UNIT_REPLACED
    unit: int
    by: int
    section: str | None
    table: int | None


@dataclass(frozen=True)
class UnknownPlayer(Alerted):
    """Player numbers entered at a table that are not on the club's list."""

    KIND = AlertKind.UNKNOWN_PLAYER
    section: str
    table: int
    players: list[int]


@dataclass(frozen=True)
class TooManyVisitors(Alerted):
    """A pad named more visitors than the bound allows (14.4)."""

    KIND = AlertKind.TOO_MANY_VISITORS
    unit: int
    section: str
    table: int
    added: int
    refused: int


@dataclass(frozen=True)
class NumberSweep(Alerted):
    """A pad tried more player numbers at its table in a round than the bound (14.3)."""

    KIND = AlertKind.NUMBER_SWEEP
    unit: int
    section: str
    table: int
    round: int
    refused: int


@dataclass(frozen=True)
class BadMac(Alerted):
    """A frame claiming `unit` failed its tag check."""

    KIND = AlertKind.BAD_MAC
    unit: int


@dataclass(frozen=True)
class Replay(Alerted):
    """A unit's frame with a sequence number it had used already, saying something else."""

    KIND = AlertKind.REPLAY
    unit: int
    seq: int


@dataclass(frozen=True)
class MergeOffered(Alerted):
    """A locked or reset unit sent an entry for a board the station does not hold: kept for
    the director to merge or drop."""

    KIND = AlertKind.MERGE_OFFER
    unit: int
    section: str
    table: int
    round: int
    board: int
    origin: str = "let_go"  # session/state.py's OFFER_ORIGINS


@dataclass(frozen=True)
class MergeConflict(MergeOffered):
    """As `MergeOffered`, for a board the station holds with another entry."""

    KIND = AlertKind.MERGE_CONFLICT


@dataclass(frozen=True)
class AlertRaised(BusEvent):
    """A standing alert (as the grid's list has it: a flood's, say) published as it happens."""

    TYPE = "alert"
    found: AlertOut

    def where(self) -> Where:
        found = self.found
        return Where(found.section, found.table, found.unit)

    def to_json(self) -> Event:
        return {"type": self.TYPE, **self.found.model_dump(mode="json")}


__all__ = ["AlertKind", "AlertOut", "alert"]  # made in effects/alerts.py
