"""What the session's rules need of the hub, as an explicit interface: the rules receive it
when they are made (rules/composed.py, SessionRules) and never reach into the hub otherwise.
The hub is the one implementation; a session loaded only to be read (the results pages) has
none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from basestation.station.effects.batch import Batch
    from basestation.station.session.memory import UnitState


@dataclass(frozen=True)
class Paired:
    """A unit the director paired: new to the station, or moved on to key epoch `epoch`."""

    unit: UnitState
    epoch: int
    new: bool


class HubServices(Protocol):
    def later(self, run: Callable[[Batch], object]) -> None:
        """Runs `run` in turn with pad traffic, later, with nobody waiting on it (a par
        solved off the loop is sent so)."""
        ...

    def pair(self, unit: int, batch: Batch) -> Paired:
        """Registers a unit, or moves a known one to its next key epoch (its new key is
        derived by the hub's units, from the station's secret); taken back with `batch`."""
        ...
