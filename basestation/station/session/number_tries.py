"""Player numbers a pad tries at its table (SPEC.md 14.3), bounded per table and round.

The station answers a `players` message with the names of the numbers seated there, so a
pad sweeping numbers would read the club's list by number. A table's four seats, corrected
once or twice, need a few numbers a round: a pad trying more than `PER_ROUND` different ones
(beyond those the director seated there) is refused (INVALID_PLAYER, nothing seated) and the
grid names the unit. The same bound holds for a unit across every round it names while its
table plays one round: a pad cannot try 12 numbers in
each round of the night at once. Kept in memory for the open event: the next event starts
afresh.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from basestation.station.effects.alerts import AlertKind, AlertOut, alert

PER_ROUND = 12  # three full tables' worth of numbers at one table in one round
TableRound = tuple[str, int, int]  # section, table, round
UnitRound = tuple[int, str, int, int]  # unit, section, table, the round its table plays


@dataclass
class NumberTries:
    """Each table-round's numbers tried in the open event, and the units refused."""

    event_id: int | None = None
    tried: dict[TableRound, set[int]] = field(default_factory=dict)
    refused: dict[int, tuple[TableRound, int]] = field(default_factory=dict)  # unit: where, n
    # The numbers each unit tried first (new to the table-round it named), by the round its
    # table played then.
    spent: dict[UnitRound, set[int]] = field(default_factory=dict)

    def _event(self, event_id: int | None) -> None:
        if event_id != self.event_id:
            self.event_id, self.tried, self.refused, self.spent = event_id, {}, {}, {}

    def allows(self, event_id: int | None, where: TableRound, numbers: Iterable[int], *,
               unit: int | None = None, playing: int = 0) -> bool:
        """Whether `numbers` (0s and the director's aside) keep the table-round within the
        bound, and `unit`'s new ones while its table plays round `playing` too (a number
        tried at that table-round before is no new one); if so they are counted as tried."""
        self._event(event_id)
        tried = self.tried.get(where, set())
        more = tried | set(numbers)
        if len(more) > PER_ROUND:
            return False
        key = (unit, where[0], where[1], playing) if unit is not None else None
        if key is not None:
            spent = self.spent.get(key, set()) | (more - tried)
            if len(spent) > PER_ROUND:
                return False
            self.spent[key] = spent
        self.tried[where] = more
        return True

    def refuse(self, unit: int, where: TableRound) -> bool:
        """A message beyond the bound; True the first time for the unit (told at once; the
        grid's standing alert holds the count)."""
        _, count = self.refused.get(unit, (where, 0))
        self.refused[unit] = (where, count + 1)
        return count == 0

    def alerts(self, event_id: int | None) -> list[AlertOut]:
        """A standing grid alert for each unit refused in this event: where, how often."""
        self._event(event_id)
        return [alert(AlertKind.NUMBER_SWEEP, unit=unit, section=section, table=table,
                      round=round_, refused=count)
                for unit, ((section, table, round_), count) in sorted(self.refused.items())]
