"""Flood control: a unit that begins flooding the hub's queue is named once, on the grid and
in the log; with the broker's logins kept by the station, an MQTT unit flooding is cut off at
the broker for a while, so the broker drops its flood rather than passing it on (the broker's
logins follow the unit's alerts: links/dynsec.py). Which units flood is the queue's to say
(core/queue.py)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from basestation.station.core.queue import FairQueue, flood_alert
from basestation.station.core.units import Units
from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import AlertRaised, UnitChanged

log = logging.getLogger(__name__)
CUT_OFF = 30.0  # seconds a flooding unit's broker login is disabled, when the station keeps them


class FloodControl:
    """Says who floods, and cuts an MQTT unit off at the broker for `cut_off` seconds."""

    def __init__(self, queue: FairQueue[Any], units: Units, bus: EventBus) -> None:
        self.queue = queue
        self.units = units
        self.bus = bus
        # With the broker's logins kept by the station, a flooding MQTT unit is cut off there
        # for this long (0: never).
        self.cut_off = 0.0

    def say(self) -> None:
        """A unit that has begun flooding is named on the grid and in the log, once; an MQTT
        unit flooding is cut off at the broker for a while, if the station keeps its logins
        (the broker's logins follow a unit's alerts: dynsec.BrokerLogins.run)."""
        if not self.queue.dropping:
            return
        said = set(self.queue.new_floods)
        for unit in said:
            if unit is None:
                log.warning("frames failing the security check arrive far faster than pads "
                            "send; the extra ones are dropped")
            else:
                log.warning("unit %d sends far more than a pad should; its extra messages "
                            "are dropped", unit)
        said |= {unit for unit in self.queue.dropping if self._cut_off(unit)}
        self.queue.new_floods.clear()
        self.queue.dropping.clear()
        # Only the units said: every unit's flood looked at for each dropped frame was the
        # cost of a stranger's frames claiming thousands of units.
        for unit in sorted(said, key=lambda u: (u is None, u or 0)):
            if (flood := self.queue.flood_of(unit)) is not None:
                self.bus.publish(AlertRaised(flood_alert(flood, self.units)))

    def _cut_off(self, unit_no: int | None) -> bool:
        """Cuts an MQTT unit off at the broker for a while; whether it was."""
        unit = self.units.get(unit_no) if unit_no is not None else None
        if unit is None or not self.cut_off or unit.cut_off or unit.link is None \
                or not unit.link.startswith("mqtt:"):
            return False
        unit.cut_off = self.cut_off
        log.warning("unit %d is cut off at the broker for %g s", unit.unit, self.cut_off)
        asyncio.get_running_loop().call_later(self.cut_off, self._let_back, unit.unit)
        return True

    def _let_back(self, unit_no: int) -> None:
        unit = self.units.get(unit_no)
        if unit is not None:
            unit.cut_off = 0.0
        self.bus.publish(UnitChanged(unit_no, "let_back"))
