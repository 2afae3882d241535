"""What the session's rules need of the hub, as an explicit interface: the rules receive it
when they are made (session.SessionRules) and never reach into the hub otherwise. The hub is
the one implementation; a session loaded only to be read (the results pages) has none."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from basestation.station.batch import Batch
    from basestation.station.units import Paired


class HubServices(Protocol):
    def later(self, run: Callable[[Batch], object]) -> None:
        """Runs `run` in turn with pad traffic, later, with nobody waiting on it (a par
        solved off the loop is sent so)."""
        ...

    def pair(self, unit: int) -> Paired:
        """Registers a unit, or moves a known one to its next key epoch (its new key is
        derived by the hub's units, from the station's secret)."""
        ...
