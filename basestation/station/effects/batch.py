"""What one pass of the hub produces: database operations, messages to send, events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from basestation.station.effects.bus import Event
from basestation.station.effects.events import BusEvent
from basestation.store.repository import Op
from firmware_protocol.messages import Body, Seating

# Where a batch stands: its ops, sends, events, units to save and changes to memory so far.
Mark = tuple[int, int, int, frozenset[int], int]
START: Mark = (0, 0, 0, frozenset(), 0)  # an empty batch: undoing to it takes back everything


@dataclass
class Batch:
    """Collected while messages are handled; committed as one transaction, then sent."""

    ops: list[Op] = field(default_factory=list)
    sends: list[tuple[int, Body]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    units: set[int] = field(default_factory=set)  # units whose state is written at commit
    # How to put back each change made to working memory, in the order they were made: a
    # commit that fails, or a message whose handling fails, takes its changes back with them
    # rather than reloading memory from the database.
    undo: list[Callable[[], object]] = field(default_factory=list)

    def send(self, unit: int, body: Body) -> None:
        self.sends.append((unit, body))

    def final_sends(self) -> list[tuple[int, Body]]:
        """What to send, in order, less a seating a later one in the batch repeats: one pad
        told of the same table's round twice (its round complete and its section moving on,
        say) gets the newest only, which replaces the other (SPEC.md 14.2, 14.6)."""
        seen: set[tuple[int, str, int, int]] = set()
        kept: list[tuple[int, Body]] = []
        for unit, body in reversed(self.sends):
            if isinstance(body, Seating):
                about = (unit, body.section, body.table, body.round)
                if about in seen:
                    continue
                seen.add(about)
            kept.append((unit, body))
        kept.reverse()
        return kept

    def event(self, event: BusEvent) -> None:
        """An event for the pages, published once the batch is committed."""
        self.events.append(event.to_json())

    def changed(self, undo: Callable[[], object]) -> None:
        """A change just made to working memory, and how to put it back."""
        self.undo.append(undo)

    def keep(self, holder: object, *names: str) -> None:
        """Before `holder`'s attributes `names` change: they are put back as they are now."""
        self.undo.append(partial(_put_attributes, holder,
                                 [(name, getattr(holder, name)) for name in names]))

    def keep_contents(self, kept: dict[Any, Any] | set[Any] | list[Any]) -> None:
        """Before a small dict, set or list changes: its contents are put back in place (so
        whoever holds it sees them), as they are now."""
        if isinstance(kept, list):
            items = list(kept)
            self.undo.append(lambda: kept.__setitem__(slice(None), items))
            return
        self.undo.append(partial(_put_contents, kept, kept.copy()))

    def mark(self) -> Mark:
        """Where the batch stands, so one message's share can be taken out again."""
        return (len(self.ops), len(self.sends), len(self.events), frozenset(self.units),
                len(self.undo))

    def undo_to(self, mark: Mark) -> None:
        """Drops everything queued since `mark` and puts back, newest first, every change to
        memory made since (a message whose handling failed, a commit refused)."""
        ops, sends, events, units, undo = mark
        del self.ops[ops:], self.sends[sends:], self.events[events:]
        self.units = set(units)
        while len(self.undo) > undo:
            self.undo.pop()()


def _put_attributes(holder: object, was: list[tuple[str, object]]) -> None:
    for name, value in was:
        setattr(holder, name, value)


def _put_contents(kept: dict[Any, Any] | set[Any], was: dict[Any, Any] | set[Any]) -> None:
    kept.clear()
    kept.update(was)
