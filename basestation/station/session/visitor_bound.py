"""Visitors a pad adds to the club's list (SPEC.md 14.4), bounded per unit and per event.

A pad may name a visitor in `players`; the station adds the name to the club's list. A table
sees at most a few dozen players in a night, so a unit adding more than `PER_UNIT` is broken
or someone's script with its key: its further visitors are seated as visitors with no name
(the director names them) and the grid names the unit. Kept in memory for the open event:
opening the next event starts every unit afresh.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from basestation.station.effects.alerts import AlertKind, AlertOut, alert

# A stationary table of a 13-round Mitchell meets 28 players; a pad moving with a pair fewer.
PER_UNIT = 32


@dataclass
class VisitorBound:
    """Each unit's visitors added in the open event, and the units that reached the bound."""

    event_id: int | None = None
    added: dict[int, int] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)  # names seated unnamed, per unit

    def _event(self, event_id: int | None) -> None:
        if event_id != self.event_id:
            self.event_id, self.added, self.refused = event_id, {}, {}

    def allows(self, event_id: int | None, unit: int) -> bool:
        """Whether `unit` may add another visitor to the list in this event."""
        self._event(event_id)
        return self.added.get(unit, 0) < PER_UNIT

    def add(self, unit: int) -> None:
        self.added[unit] = self.added.get(unit, 0) + 1

    def refuse(self, unit: int) -> bool:
        """A visitor named beyond the bound; True the first time for the unit (the director
        is told at once then; the grid's standing alert holds the count)."""
        self.refused[unit] = self.refused.get(unit, 0) + 1
        return self.refused[unit] == 1

    def alerts(self, event_id: int | None,
               where: dict[int, tuple[str | None, int | None]]) -> list[AlertOut]:
        """A standing grid alert for each unit that reached the bound in this event: who, at
        which table (`where`: unit to its section and table), and how many names it was
        refused."""
        self._event(event_id)
        found = []
        for unit, count in sorted(self.refused.items()):
            section, table = where.get(unit, (None, None))
            found.append(alert(AlertKind.TOO_MANY_VISITORS, unit=unit, section=section,
                               table=table, added=self.added.get(unit, 0), refused=count))
        return found
