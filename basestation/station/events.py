"""What the station tells the grid page and its other listeners on the bus, in one place.

Every event is a JSON object with a "type" ("unit", "alert", "result", ...) and its fields; an
alert names its `kind`, one of AlertKind. Alerts are made by the small constructors below, so
each kind's fields are written once (docs/ARCHITECTURE.md, "Events and alerts"). Standing
alerts (the grid's list) and alerts published as they happen share the kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from basestation.station.fairness import Flood
    from basestation.station.state import UnitState

Event = dict[str, Any]


class AlertKind(StrEnum):
    """Every kind of alert the station raises (the grid page words each one)."""

    # The station itself.
    DATABASE_UNAVAILABLE = "database_unavailable"
    DATABASE_BACK = "database_back"
    HUB_RESTARTED = "hub_restarted"
    LINK_DOWN = "link_down"
    LINK_BACK = "link_back"
    # Units and their tags.
    BAD_MAC = "bad_mac"
    STRAY_BAD_MAC = "stray_bad_mac"
    REPLAY = "replay"
    FLOODING = "flooding"
    WRONG_PIN = "wrong_pin"
    TOO_MANY_VISITORS = "too_many_visitors"
    UNIT_REPLACED = "unit_replaced"
    UNIT_LOCKED = "unit_locked"
    NO_CONTACT = "no_contact"
    # Tables and entries.
    TABLE_IN_USE = "table_in_use"
    UNKNOWN_PLAYER = "unknown_player"
    SILENT_TABLE = "silent_table"
    MISSING_BOARDS = "missing_boards"
    MERGE_OFFER = "merge_offer"
    MERGE_CONFLICT = "merge_conflict"


def alert(kind: AlertKind, /, **fields: object) -> Event:
    """An alert's fields (no "type"): what the grid's standing list holds."""
    return {"kind": kind.value, **fields}


def published(found: Event) -> Event:
    """An alert as published on the bus: its fields under the type "alert"."""
    return {"type": "alert", **found}


def station_alert(kind: AlertKind, /, **fields: object) -> Event:
    """An alert about the station as a whole (its database, its hub, a link), for the bus."""
    return published(alert(kind, **fields))


def flood_alert(flood: Flood, units: Mapping[int, UnitState]) -> Event:
    """A unit sending far more than a pad should (its extra messages dropped), with the
    table its pad holds; unit None: frames failing the check, claiming many units."""
    found = alert(AlertKind.FLOODING, unit=flood.unit, messages=flood.messages,
                  seconds=flood.seconds, dropped=flood.dropped, checked=flood.checked,
                  failed=flood.failed)
    unit = units.get(flood.unit) if flood.unit is not None else None
    if unit is not None and unit.section is not None and unit.table is not None:
        found |= {"section": unit.section, "table": unit.table}
    if unit is not None and unit.cut_off:
        found["cut_off"] = unit.cut_off  # seconds its broker login is disabled for
    return found


def lock_alert(unit: UnitState, units: Mapping[int, UnitState]) -> Event:
    """A locked-out unit: locked by the director (UNIT_LOCKED), or replaced by another unit
    that took its table over (UNIT_REPLACED), with the table that unit holds now."""
    if unit.locked_reason == "UNIT_LOCKED":
        return alert(AlertKind.UNIT_LOCKED, unit=unit.unit)
    found = alert(AlertKind.UNIT_REPLACED, unit=unit.unit, by=unit.replaced_by)
    successor = units.get(unit.replaced_by) if unit.replaced_by is not None else None
    if successor is not None and successor.section is not None and successor.table is not None:
        found["section"], found["table"] = successor.section, successor.table
    return found
