"""The MQTT topics of the pad protocol, in one place (SPEC.md; docs/ARCHITECTURE.md,
Contracts). `unit` may be "+" (MQTT's one-level wildcard) to subscribe to every pad."""

from __future__ import annotations

Unit = int | str


def pad(station: str, unit: Unit) -> str:
    return f"bridge/{station}/pad/{unit}"


def up(station: str, unit: Unit = "+") -> str:
    """Pad to station, QoS 1."""
    return f"{pad(station, unit)}/up"


def down(station: str, unit: Unit = "+") -> str:
    """Station to pad, QoS 1."""
    return f"{pad(station, unit)}/down"


def availability(station: str, unit: Unit = "+") -> str:
    """The pad's retained "online", last will "offline"."""
    return f"{pad(station, unit)}/availability"


def status(station: str) -> str:
    """The station's retained "online", last will "offline"."""
    return f"bridge/{station}/status"


def station_of(topic: str) -> str | None:
    """The station a protocol topic names (bridge/<station>/...), or None."""
    parts = topic.split("/")
    return parts[1] if len(parts) > 2 and parts[0] == "bridge" else None


def unit_of(topic: str) -> int | None:
    """The unit a pad topic names (bridge/<station>/pad/<unit>/...), or None."""
    parts = topic.split("/")
    if len(parts) < 5 or parts[0] != "bridge" or parts[2] != "pad":
        return None
    try:
        return int(parts[3])
    except ValueError:
        return None
