"""What one pass of the hub produces: database operations, messages to send, events."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from basestation.station.effects.changes import Change
from basestation.station.effects.events import BusEvent
from basestation.store import repository as repo
from basestation.store.repository import Op
from firmware_protocol.messages import Body, Seating

# Where a batch stands: its ops, sends, events, units to save, changes to memory and
# callbacks for after the commit so far.
Mark = tuple[int, int, int, frozenset[int], int, int]


@dataclass
class Batch:
    """Collected while messages are handled; committed as one transaction, then sent."""

    ops: list[Op] = field(default_factory=list)
    sends: list[tuple[int, Body]] = field(default_factory=list)
    events: list[BusEvent] = field(default_factory=list)
    units: set[int] = field(default_factory=set)  # units whose state is written at commit
    # What puts back each change made to working memory, in the order they were made: they
    # are set aside while the batch commits, so memory changes only once it has; a message
    # whose handling fails takes its own changes back with them.
    undo: list[Change] = field(default_factory=list)
    redo: list[Change] = field(default_factory=list)  # the changes set aside, oldest first
    # Run once the batch is committed and applied: what the commit gave (a row's new id)
    # into memory. The commit's thread never touches memory.
    after: list[Callable[[], object]] = field(default_factory=list)

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
        self.events.append(event)

    def change(self, change: Change) -> None:
        """A change to memory (effects/changes.py): its store operations queued, and made now
        so that what follows in the batch sees it; set aside while the batch commits."""
        self.ops.extend(change.ops())
        self.undo.append(change.apply())

    def changed(self, back: Change) -> None:
        """A change just made to working memory directly (the hub's bookkeeping of a pad's
        unit, say), and the change that puts it back."""
        self.undo.append(back)

    def insert(self, row: object, then: Callable[[int], object]) -> None:
        """Adds `row` with the batch; `then` gets its new id once the batch is committed and
        applied, on the loop (`on_commit`): the commit's thread never touches memory."""
        made: list[int] = []
        self.ops.append(repo.insert(row, made.append))
        self.on_commit(lambda: then(made[0]))

    def on_commit(self, run: Callable[[], object]) -> None:
        """`run` once the batch is committed and its changes applied (a row's new id kept)."""
        self.after.append(run)

    def mark(self) -> Mark:
        """Where the batch stands, so one message's share can be taken out again."""
        return (len(self.ops), len(self.sends), len(self.events), frozenset(self.units),
                len(self.undo), len(self.after))

    def undo_to(self, mark: Mark) -> None:
        """Drops everything queued since `mark` (its callbacks for after the commit with the
        rest: a par, a new row's id) and puts back, newest first, every change to memory made
        since (a message whose handling failed)."""
        ops, sends, events, units, undo, after = mark
        del self.ops[ops:], self.sends[sends:], self.events[events:], self.after[after:]
        self.units = set(units)
        while len(self.undo) > undo:
            self.undo.pop().apply()

    def set_aside(self) -> None:
        """Puts memory back as stored, newest change first, keeping how to apply the changes
        again: readers see only what is committed while the batch commits."""
        redo = [back.apply() for back in reversed(self.undo)]
        redo.reverse()
        self.undo, self.redo = [], redo

    def apply(self) -> None:
        """The changes set aside made again, oldest first: the batch is committed."""
        redo, self.redo = self.redo, []
        for change in redo:
            change.apply()
        for run in self.after:
            run()
