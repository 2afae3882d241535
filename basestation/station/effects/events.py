"""What the station tells the grid page and its other listeners on the bus, in one place.

Every event is a JSON object with a "type" ("unit", "alert", "result", ...) and its fields; an
alert names its `kind`, one of AlertKind. Alerts are made by the small constructors below (a
flood's and a locked unit's beside what they read: core/queue.py, core/units.py), so each
kind's fields are written once (docs/ARCHITECTURE.md, "Events and alerts"). Standing
alerts (the grid's list) and alerts published as they happen share the kinds.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

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
