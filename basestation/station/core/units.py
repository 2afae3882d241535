"""Every unit the station knows, owned in one place: its key and key epoch, the checks of its
tags, the screens that have held it, its sequence numbers and the answers it was given.

The hub asks, the units answer: whether a tag checks out (and under which earlier key, for a
pad that was paired again), whether a message comes from a screen that lost the unit, what a
repeated message gets. Nothing else adds or removes a unit: the director's pairing goes through
`pair` (docs/ARCHITECTURE.md, "Module map of the core").
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Set, ValuesView
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

from basestation.station.effects.alerts import AlertKind, AlertOut, alert
from basestation.station.effects.changes import Change
from basestation.station.effects.events import BadMac, Replay
from basestation.station.rules.services import Paired
from basestation.station.session.memory import UnitState
from basestation.store import repository as repo
from basestation.store.repository import Op
from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    PROTOCOL_VERSION,
    ErrorCode,
    Hello,
    Message,
    Nak,
    Received,
)
from firmware_protocol.security import unit_key, verify

if TYPE_CHECKING:
    from basestation.station.effects.batch import Batch
    from basestation.store.repository import Snapshot

SCREENS_KEPT = 64  # screens remembered per unit, so one that lost the unit cannot take it back
EARLIER_KEYS = 16  # earlier key epochs tried on a tag that fails (SPEC.md 7)
T = TypeVar("T")
DOWN_SEQ_MARGIN = 1000  # after a restart, station seqs jump past any sent since the last save

# The stored answer to a unit's message: (digest of what was signed, the answers as JSON).
StoredAnswer = Callable[[int, int], "tuple[str, str] | None"]


def epoch_key(secret: str, unit: int, epoch: int = 0) -> bytes:
    """A unit's key in a key epoch (SPEC.md 7). Re-pairing moves a unit to a new epoch, so
    its old key stops working."""
    return unit_key(secret, unit, epoch)


class Units(Mapping[int, UnitState]):
    """The units by number (read as a mapping); every change of who is known goes through
    the methods here."""

    def __init__(self, secret: str, stored_answer: StoredAnswer) -> None:
        self.secret = secret
        self._stored_answer = stored_answer
        self._units: dict[int, UnitState] = {}
        self.key_epochs: dict[int, int] = {}
        self.bad_macs_unsaved: set[int] = set()  # failed-check counts not yet written
        self.sent_to: set[int] = set()  # units sent to since the last commit: seqs to save

    # -- reading (a Mapping; get and values straight from the dict: the hub's hot path) ----

    def __getitem__(self, unit: int) -> UnitState:
        return self._units[unit]

    def __iter__(self) -> Iterator[int]:
        return iter(self._units)

    def __len__(self) -> int:
        return len(self._units)

    def __contains__(self, unit: object) -> bool:
        return unit in self._units

    @overload
    def get(self, unit: int, /) -> UnitState | None: ...

    @overload
    def get(self, unit: int, /, default: UnitState | T) -> UnitState | T: ...

    def get(self, unit: int, /, default: object = None) -> object:
        return self._units.get(unit, default)

    def values(self) -> ValuesView[UnitState]:
        return self._units.values()

    # -- keys --------------------------------------------------------------------------------

    def key_for(self, unit: int, epoch: int = 0) -> bytes:
        return epoch_key(self.secret, unit, epoch)

    def key_of(self, unit_no: int) -> bytes:
        """The key a message from `unit_no` is checked with: its own, or a new unit's."""
        unit = self._units.get(unit_no)
        return unit.key if unit is not None else self.key_for(unit_no)

    # -- who is known ------------------------------------------------------------------------

    def load(self, snap: Snapshot) -> None:
        """Rebuilds the units from the database. Which link each was last heard on, the
        protocol version it spoke and whether it reads the clock in a status are kept: they
        are not stored."""
        heard_on = {unit.unit: unit.link for unit in self._units.values()}
        spoken = {unit.unit: unit.version for unit in self._units.values()}
        clocked = {unit.unit for unit in self._units.values() if unit.status_clock}
        self.key_epochs = {row.unit: row.key_epoch for row in snap.units}
        self._units = {}
        for row in snap.units:
            self._units[row.unit] = UnitState(
                unit=row.unit, key=self.key_for(row.unit, row.key_epoch), last_seq=row.last_seq,
                down_seq=row.down_seq, bad_macs=row.bad_macs,
                locked_reason=row.locked_reason, replaced_by=row.replaced_by,
                section=row.section, table=row.table_no,
                battery=row.battery, firmware=row.firmware, last_seen=row.last_seen,
                link=heard_on.get(row.unit), version=spoken.get(row.unit, PROTOCOL_VERSION),
                status_clock=row.unit in clocked)
        # Answers are not loaded: a repeat after a restart is answered from the database.
        for unit in self._units.values():
            unit.down_seq += DOWN_SEQ_MARGIN

    def add(self, unit_no: int) -> UnitState:
        """A unit heard for the first time, with a tag that checks out under its first key."""
        unit = UnitState(unit=unit_no, key=self.key_for(unit_no))
        self._units[unit_no] = unit
        return unit

    def pair(self, unit_no: int, batch: Batch) -> Paired:
        """Registers a unit for the director, or moves a known one to its next key epoch, so
        its old key (a lost pad's, say) stops verifying (a change record on `batch`)."""
        known = self._units.get(unit_no)
        if known is None:
            known = UnitState(unit=unit_no, key=self.key_for(unit_no, 0))
            batch.change(UnitKeyed(self, unit_no, 0, known))
            return Paired(known, 0, new=True)
        epoch = self.key_epochs.get(unit_no, 0) + 1
        batch.change(UnitKeyed(self, unit_no, epoch, known))
        return Paired(known, epoch, new=False)

    def keyed(self, unit_no: int, epoch: int | None, unit: UnitState | None) -> UnitKeyed:
        """`unit` known under number `unit_no` (None: not known) in key epoch `epoch` (None:
        none kept, the first); returns the change that puts back what it replaced (`UnitKeyed`)."""
        back = UnitKeyed(self, unit_no, self.key_epochs.get(unit_no), self._units.get(unit_no))
        if unit is None:
            self._units.pop(unit_no, None)
        else:
            self._units[unit_no] = unit
            unit.key = self.key_for(unit_no, epoch or 0)
        if epoch is None:  # a unit first heard, not paired, has no epoch kept: its first
            self.key_epochs.pop(unit_no, None)
        else:
            self.key_epochs[unit_no] = epoch
        return back

    def copy(self, unit_no: int) -> dict[str, Any] | None:
        """The unit's fields before a message, to put back if its handling fails or its
        batch is not committed."""
        unit = self._units.get(unit_no)
        if unit is None:
            return None
        before = dict(vars(unit))
        before["answers"] = OrderedDict(unit.answers)
        before["screens"] = OrderedDict(unit.screens)
        return before

    def restore(self, unit_no: int, before: dict[str, Any] | None,
                known: UnitState | None = None) -> UnitAsBefore:
        """Puts a unit back as `copy` found it (None: it was not known, so it is dropped;
        `known`: the unit itself, known again); returns the change that puts it as it is
        now. What is kept outside any batch is not put back: its station seqs (one sent must
        never be sent again, SPEC.md 6.2), its failed checks (answered BAD_MAC at once,
        counted stored or not) and its cut-off for flooding (the flood control's, changed as
        messages arrive, also while a batch commits)."""
        if known is not None:
            self._units[unit_no] = known
            return UnitAsBefore(self, unit_no, None)
        unit = self._units.get(unit_no)
        if unit is None:
            return UnitAsBefore(self, unit_no, None)  # not known, nor to be
        if before is None:
            del self._units[unit_no]
            return UnitAsBefore(self, unit_no, None, unit)
        now = dict(vars(unit))  # what `restore` puts is its own: no copy needed
        sent, failed, cut_off = unit.down_seq, unit.bad_macs, unit.cut_off
        vars(unit).update(before)
        unit.down_seq, unit.bad_macs = max(sent, unit.down_seq), max(failed, unit.bad_macs)
        unit.cut_off = cut_off
        return UnitAsBefore(self, unit_no, now)

    def row(self, unit_no: int) -> dict[str, Any]:
        """The unit's stored fields, as written with a batch."""
        unit = self._units[unit_no]
        return {"unit": unit.unit, "last_seq": unit.last_seq, "last_seen": unit.last_seen,
                "battery": unit.battery, "firmware": unit.firmware, "section": unit.section,
                "table_no": unit.table, "locked_reason": unit.locked_reason,
                "replaced_by": unit.replaced_by,
                "bad_macs": unit.bad_macs, "down_seq": unit.down_seq}

    # -- sequence numbers --------------------------------------------------------------------

    def next_seq(self, unit: UnitState) -> int:
        """The unit's next station seq; the unit's row is saved with the next commit."""
        unit.down_seq += 1
        self.sent_to.add(unit.unit)
        return unit.down_seq

    def to_save(self, bad_macs_too: bool) -> set[int]:
        """Units whose rows must go with this commit: sent to since the last one, and (once
        in a while) those whose failed-check count changed. Taken: the next starts afresh."""
        due = {u for u in self.sent_to if u in self._units}
        self.sent_to = set()
        if bad_macs_too and self.bad_macs_unsaved:
            due |= {u for u in self.bad_macs_unsaved if u in self._units}
            self.bad_macs_unsaved = set()
        return due

    # -- tags --------------------------------------------------------------------------------

    def failed_check(self, unit: UnitState) -> None:
        """A message claiming the unit whose tag does not check out: counted against it."""
        unit.bad_macs += 1
        unit.failing += 1
        self.bad_macs_unsaved.add(unit.unit)

    def bad_mac(self, received: Received, unit: UnitState | None,
                batch: Batch) -> tuple[int, bytes]:
        """A message whose tag fails: counted, told to the director, and the station seq and
        key its BAD_MAC nak goes under. A pad holding a key the unit had before it was paired
        again is told in the unit's sequence under that key, so it can verify that it must be
        paired again (SPEC.md 7); any other gets advice outside the sequence (seq 0)."""
        message = received.message
        if unit is not None:
            self.failed_check(unit)
        batch.event(BadMac(message.unit))
        if unit is None:
            return 0, self.key_for(message.unit)
        earlier = self.earlier_key(received)
        if earlier is not None:
            return self.next_seq(unit), earlier
        return 0, unit.key

    def earlier_key(self, received: Received) -> bytes | None:
        """The key of an earlier epoch of the unit under which the message's tag verifies, the
        newest first and at most EARLIER_KEYS back (None: none of them)."""
        unit = received.message.unit
        epoch = self.key_epochs.get(unit, 0)
        for earlier in range(epoch - 1, max(epoch - 1 - EARLIER_KEYS, -1), -1):
            key = self.key_for(unit, earlier)
            if verify(received, key):
                return key
        return None

    # -- screens and repeats -----------------------------------------------------------------

    def lost_screen(self, unit: UnitState, message: Message) -> tuple[bool, bool]:
        """Two phones or tabs opened as one unit (SPEC.md 15): the newest screen holds it. A
        hello from a screen never seen before takes the unit; a message from a screen that has
        lost it is to be answered with a status only: nothing stored, the unit's sequence
        untouched. Returns (lost: the screen has lost the unit, taken: another screen held
        the unit and this one took it)."""
        screen = message.screen
        assert screen is not None
        if unit.screen is None or (isinstance(message.body, Hello)
                                   and screen not in unit.screens):
            taken = unit.screen is not None and unit.screen != screen
            unit.screen = screen
            unit.screens[screen] = None
            while len(unit.screens) > SCREENS_KEPT:
                unit.screens.popitem(last=False)
            return False, taken
        return screen != unit.screen, False

    def repeat(self, unit: UnitState, message: Message, digest: str, batch: Batch) -> None:
        """A seq already seen: the same message gets its original answer, anything else REPLAY."""
        previous = unit.answers.get(message.seq) or self._stored_answer(unit.unit, message.seq)
        if previous is not None and previous[0] == digest:
            for body in jsonwire.answers_from_json(previous[1]):
                batch.send(unit.unit, body)
            return
        # The highest seq seen: a pad that lost its counter goes on above it (SPEC.md 6.2).
        batch.send(unit.unit, Nak(re=message.seq, code=ErrorCode.REPLAY,
                                  detail=str(unit.last_seq)))
        batch.event(Replay(unit.unit, message.seq))


def lock_alert(unit: UnitState, held: Set[tuple[int, str, int]]) -> AlertOut | None:
    """A locked-out unit: locked by the director (UNIT_LOCKED), or replaced by another unit
    that took its table over (UNIT_REPLACED), with the table where it did. An alert of the
    open event only: None for a unit that held no table in it (`held`, every (unit, section,
    table) of the event), whose lock is an earlier night's; the Units panel still shows it."""
    tables = sorted((section, table) for number, section, table in held if number == unit.unit)
    if not tables:
        return None
    if unit.locked_reason == "UNIT_LOCKED":
        # Where it played tonight: a lock frees its table, so the unit no longer says.
        return alert(AlertKind.UNIT_LOCKED, unit=unit.unit,
                     tables=[f"{section}{table}" for section, table in tables])
    taken = [place for place in tables if (unit.replaced_by, *place) in held]
    # Where it was replaced, not wherever the other unit is now: it may have moved on.
    where = {"section": taken[-1][0], "table": taken[-1][1]} if taken else {}
    return alert(AlertKind.UNIT_REPLACED, unit=unit.unit, by=unit.replaced_by, **where)


@dataclass(frozen=True)
class UnitKeyed(Change):
    """The director paired a unit: known from now on in key epoch `epoch`, so that its old
    key (a lost pad's) stops verifying. Its undo is the same record, naming the epoch and the
    unit it replaced (None: not known)."""

    units: Units
    unit_no: int
    epoch: int | None
    unit: UnitState | None

    def apply(self) -> UnitKeyed:
        return self.units.keyed(self.unit_no, self.epoch, self.unit)

    def ops(self) -> tuple[Op, ...]:
        return (repo.upsert_unit({"unit": self.unit_no, "key_epoch": self.epoch or 0}),)


@dataclass(frozen=True)
class UnitAsBefore(Change):
    """A unit as it was before a pad's message changed it (its seqs, answers, battery, the
    table it holds...), `Units.copy`'s fields; None: not known (`known`: the unit dropped,
    to be known again). The hub records one for each message's unit; its store operation is
    the unit's row, saved with the batch (`Units.row`)."""

    units: Units
    unit_no: int
    before: dict[str, Any] | None
    known: UnitState | None = None

    def apply(self) -> UnitAsBefore:
        return self.units.restore(self.unit_no, self.before, self.known)
