"""The hub: every message from every link passes through here, in order.

Messages are handled in batches: each batch is checked against the working memory, written in
one transaction, and only after the commit are the answers sent (group commit: durable and fast).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from basestation.station.core.commits import Commits
from basestation.station.core.floods import FloodControl
from basestation.station.core.outbox import Link, Outbox
from basestation.station.core.queue import FairQueue, Flood
from basestation.station.core.refusals import Refusals
from basestation.station.core.units import UnitAsBefore, Units
from basestation.station.effects.batch import Batch
from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import UnitChanged
from basestation.station.rules.composed import SessionRules
from basestation.station.rules.services import HubServices, Paired
from basestation.station.session.memory import UnitState
from basestation.store import repository as repo
from basestation.store.repository import Snapshot, Store
from firmware_protocol import jsonwire
from firmware_protocol.messages import Message, Received
from firmware_protocol.security import verify

log = logging.getLogger(__name__)
T = TypeVar("T")
MAX_BATCH = 512
# Pad messages waiting for the hub at most, all units together: beyond, links stop reading
# (MQTT, serial) and anything still arriving is dropped and counted; pads retransmit it. One
# unit alone fills only its own lane (core/queue.py).
QUEUE_LIMIT = 10_000
BAD_MACS_SAVED = 1.0  # seconds between writes of the units' failed-check counts
ACT_TIMEOUT = 10.0  # seconds a director's action may wait before the API says 503
ANSWERS_KEPT = 64  # a unit's latest answers kept in the database, at least (SPEC.md 8)


@dataclass(slots=True)
class Inbound:
    received: Received
    link: Link
    # The key its tag was checked with when it was queued, and whether it checked out then:
    # handling checks it again only if the unit's key is another by then (paired again).
    checked_with: bytes | None = None
    verified: bool = False


@dataclass
class _Action:
    run: Callable[[Batch], Any]
    done: asyncio.Future[Any]
    begun: bool = False  # taken into a batch: it will be committed, whatever its caller does
    taken_back: bool = False  # every change it makes is a change record (Batch.change)
    reload: bool = False  # memory read afresh from the database (off the loop) just before it


_Outcome = tuple[_Action, Any, BaseException | None]  # an action, its value or its failure


def _reloading(items: list[Inbound | _Action]) -> int | None:
    """Where the first action wanting memory read afresh stands in `items` (None: none)."""
    return next((at for at, item in enumerate(items)
                 if isinstance(item, _Action) and item.reload), None)


def taken_back(item: Inbound | _Action) -> bool:
    """Whether every change `item` makes to memory is a change record (`Batch.change`), so
    that it can be set aside: a pad's message's are, and an action's that says so."""
    return isinstance(item, Inbound) or item.taken_back


@dataclass(frozen=True, slots=True)
class Step:
    """What one turn of the hub took (`Hub.step`): the pads' messages, in the order handled,
    and how many director actions and station tasks."""

    messages: tuple[Message, ...] = ()
    actions: int = 0

    @property
    def taken(self) -> int:
        return len(self.messages) + self.actions


class StationBusy(Exception):
    """A director action the hub could not finish in time; the text is for the director."""


class Hub:
    """Authenticates, de-duplicates and dispatches pad messages; runs director actions."""

    def __init__(self, store: Store, secret: str, bus: EventBus,
                 make_rules: Callable[[HubServices], SessionRules]) -> None:
        """`make_rules` makes the session's rules, given what they may ask of the hub
        (services.HubServices: pairing a unit, running something later)."""
        self.store = store
        self.secret = secret
        self.bus = bus
        self.units = Units(secret, store.answer)
        self.rules = make_rules(self)
        # Where its messages go, on which link, under which seq (core/outbox.py).
        self.outbox = Outbox(self.units, lambda: self.rules.session.event_id)
        self._queue: FairQueue[Inbound | _Action] = FairQueue(QUEUE_LIMIT, time.monotonic)
        self._arrived = asyncio.Event()
        self._room = asyncio.Event()
        self._room.set()
        self.commits = Commits(store, bus)  # the database, its outages waited out
        # Who floods is named, and cut off at the broker when the station keeps its logins.
        self.flood_control = FloodControl(self._queue, self.units, bus)
        # Naks for the refused: frames the codec refused, failed tags, failed handling.
        self.refusals = Refusals(self.units, self.outbox, self._queue, self.flood_control)
        self.full_shed = 0  # messages dropped because the whole queue was full
        self._bad_macs_saved = 0.0  # when failed-check counts were last written
        self.act_timeout = ACT_TIMEOUT

    # -- state -------------------------------------------------------------------------------

    def load(self) -> None:
        """Rebuilds the working memory from the database (start-up, or after a failed commit).
        Which link each known unit was last heard on is kept: it is not stored."""
        self._apply(self.store.snapshot())

    async def reread(self) -> None:
        """As `load`, from the event loop: the database is read off it, memory rebuilt on it."""
        self._apply(await asyncio.to_thread(self.store.snapshot))

    async def _back_to_stored(self) -> None:
        """Memory as the database holds it, waiting out an outage (`Commits.snapshot`)."""
        self._apply(await self.commits.snapshot())

    def _apply(self, snap: Snapshot) -> None:
        """Memory from a snapshot: on the event loop's thread only, where everything else
        reads it (half rebuilt, it would show a section missing)."""
        self.units.load(snap)
        self.rules.session.load(snap, self.units)

    def key_for(self, unit: int, epoch: int = 0) -> bytes:
        return self.units.key_for(unit, epoch)

    def pair(self, unit: int, batch: Batch) -> Paired:
        """A unit the director pairs (HubServices): registered, or moved on a key epoch."""
        return self.units.pair(unit, batch)

    # -- input -------------------------------------------------------------------------------

    def submit(self, inbound: Inbound) -> bool:
        """Queues a pad's message in its unit's lane; False (and counted) if it was dropped:
        its unit floods, or the whole queue is full. The pad retransmits it, so a full queue
        slows pads down rather than the station."""
        if self._queue.full():
            self.full_shed += 1
            self._room.clear()
            return False
        message = inbound.received.message
        unit = self.units.get(message.unit)
        # Checked here to choose the lane (a unit's own, or the frames failing the check);
        # handling takes the verdict if the unit's key is still the same then.
        key = self.units.key_of(message.unit)
        verified = verify(inbound.received, key)
        inbound.checked_with, inbound.verified = key, verified
        # A frame failing the check is its unit's only where the link checks who sent it.
        claimed = getattr(inbound.link, "claims_checked", True)
        queued = self._queue.put(message.unit, inbound, verified=verified,
                                 known=unit is not None and claimed)
        if not queued and not verified and unit is not None:
            # Dropped unanswered, but counted against the unit all the same.
            self.units.failed_check(unit)
        self.flood_control.say()
        if queued:
            self._arrived.set()
        if self._queue.full():
            self._room.clear()
        return queued

    def turned_away(self, unit: int) -> bool:
        """True when the unit's lane is full: a link may drop its message unread (counted)."""
        dropped = self._queue.turned_away(unit)
        if dropped:
            self.flood_control.say()
        return dropped

    def dropped_unread(self, unit: int, *, claimed: bool = True) -> None:
        """A link dropped a message of `unit` before reading it: counted as its flood, or
        (`claimed` False: a link that cannot tell who sent it) as the strangers'."""
        if claimed:
            self._queue.dropped_unread(unit)
        else:
            self._queue.dropped_stranger()
        self.flood_control.say()

    def dropped_stranger(self) -> None:
        """A link dropped unread a message claiming a unit the station does not know (its
        share of the link's inbox for such messages full): counted with the strangers'."""
        self._queue.dropped_stranger()
        self.flood_control.say()

    @property
    def shed(self) -> int:
        """Pad messages dropped: a unit flooding, or the whole queue full."""
        return self.full_shed + self._queue.dropped

    def floods(self) -> list[Flood]:
        """Units sending far more than a pad should, for the grid."""
        return self._queue.floods()

    def has_room(self) -> bool:
        return not self._queue.full()

    async def room(self) -> None:
        """Returns once the queue has room: a link awaits it before reading on."""
        while self._queue.full():
            self._room.clear()
            await self._room.wait()

    def later(self, run: Callable[[Batch], object]) -> None:
        """Queues `run` to go in turn with pad traffic, with nobody waiting on it."""
        action = _Action(run, asyncio.get_running_loop().create_future(), taken_back=True)
        # Nobody awaits it: its outcome is read here, so a failure is not left unretrieved.
        action.done.add_done_callback(lambda done: done.cancelled() or done.exception())
        self._queue.put_station(action)
        self._arrived.set()

    async def act(self, run: Callable[[Batch], T], *, timeout: float | None = None,
                  taken_back: bool = False, reload: bool = False) -> T:
        """Runs a director action in turn with pad traffic; returns once it is committed.
        `taken_back`: every change it makes to memory is a change record (`Batch.change`), so
        a commit that fails puts memory back without reloading it (else it is reloaded). `reload`:
        the session is read afresh from the database, off the loop, in the same turn just
        before `run` (a new event loaded), in a batch of its own so that no write comes
        between.

        StationBusy after `timeout` seconds (the database not answering, say): an action not
        yet begun is then dropped; one already in a batch is still committed when it can be.
        """
        timeout = self.act_timeout if timeout is None else timeout
        action = _Action(run, asyncio.get_running_loop().create_future(), taken_back=taken_back,
                         reload=reload)
        # In a lane of its own: served in turn with the pads, however busy they are.
        self._queue.put_station(action)
        self._arrived.set()
        try:
            async with asyncio.timeout(timeout):
                done: T = await asyncio.shield(action.done)
                return done
        except TimeoutError:
            if not action.begun:
                action.done.cancel()
                raise StationBusy(
                    f"The station could not do this within {timeout:g} seconds "
                    f"({self._busy_reason()}). Nothing was changed: try again in a "
                    "moment.") from None
            raise StationBusy(
                f"The station could not finish this within {timeout:g} seconds "
                f"({self._busy_reason()}). It is under way and is saved as soon as the "
                "database answers: look before trying again.") from None

    @property
    def queued(self) -> int:
        """Messages and actions waiting for the hub."""
        return len(self._queue)

    def waiting(self, unit: int) -> int:
        """A unit's messages waiting for the hub."""
        return self._queue.waiting_from(unit)

    def _busy_reason(self) -> str:
        if self.commits.down_since is not None:
            return "the database is not answering"
        return "it is busy with the pads"

    async def run(self) -> None:
        while True:
            await self._ready()
            await self.step()
            # A turn for the rest of the loop before the next batch is decided: the pages'
            # streams write what this batch published, not after the next one's decisions.
            await asyncio.sleep(0)

    # -- driving it by hand: tests and tools (as pymodbus's NullModem stands in for a wire) --

    async def step(self, *messages: Inbound) -> Step:
        """One turn of the hub, as its loop (`run`) takes it: what the queue holds now (up to
        MAX_BATCH, each unit in its turn, a unit not yet due left waiting), handled as one
        batch, committed, then answered. Given `messages`, those instead, as one batch in
        their order, as if the loop had taken them off the queue together. Returns what it
        took; nothing queued, an empty Step.

        Tests and tools drive a hub without its loop this way: a pad's message with
        `step(inbound)`, a director's command by awaiting it while stepping (the command
        queues its action, the next step runs it)."""
        items: list[Inbound | _Action] = list(messages)
        if not items:
            items = self._queue.take(MAX_BATCH)
            if not self._queue.full():
                self._room.set()
        if items:
            await self._run_batch(items)
        return Step(tuple(i.received.message for i in items if isinstance(i, Inbound)),
                    sum(isinstance(i, _Action) for i in items))

    def use_clock(self, clock: Callable[[], float]) -> None:
        """The clock the queue paces units by (time.monotonic): a test's own, moved on by
        the test, stands for minutes of traffic in a moment."""
        self._queue.clock = clock

    @property
    def queue_limit(self) -> int:
        """Pad messages waiting at most, all units together (QUEUE_LIMIT)."""
        return self._queue.limit

    @queue_limit.setter
    def queue_limit(self, limit: int) -> None:
        self._queue.limit = limit

    async def _ready(self) -> None:
        """Returns once something can be taken: an item has come, or a busy unit's next
        turn is due."""
        while True:
            self._arrived.clear()
            due = self._queue.due()
            if due == 0:
                return
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(due):
                    await self._arrived.wait()

    async def _run_batch(self, items: list[Inbound | _Action]) -> None:
        """Handles `items` and commits them as one transaction, then answers.

        A message whose own handling fails is taken out of the batch alone (its pad gets
        INTERNAL); the database being unavailable holds the batch until it answers again; any
        other failed commit is retried one message at a time, so only the culprit is refused.
        Memory changes only once the batch is committed: its changes, decided in turn (each
        message seeing the ones before it), are set aside while it commits and applied after
        (`Batch.set_aside`, `Batch.apply`). A failed message's own changes are taken back
        (`Batch.undo_to`). Only a batch holding an action that cannot say how to take its
        changes back (loading a new event) keeps them while it commits and, refused, has memory
        reloaded from the database.
        """
        # A director action that timed out before its turn is dropped (act() said so).
        items = [i for i in items if not (isinstance(i, _Action) and i.done.done())]
        if not items:
            return
        if (alone := _reloading(items)) is not None:
            if len(items) > 1:  # the items before it committed first, then it alone
                for part in (items[:alone], items[alone:alone + 1], items[alone + 1:]):
                    if part:
                        await self._run_batch(part)
                return
            self.rules.session.load(await self.commits.snapshot(), self.units)
        batch, outcomes, failed = self._decide(items)
        # Decided; now applied only once committed. Meanwhile memory is as stored, for the
        # pages and anything else reading it. An action that cannot say how to take its
        # changes back (loading a new event) leaves them made: a refusal reloads memory.
        aside = all(taken_back(item) for item in items)
        if aside:
            batch.set_aside()
        try:
            if batch.ops:
                await self.commits.commit(batch.ops)
        except Exception as exc:
            # Nothing was acknowledged, nor applied.
            log.exception("commit of %d message(s) failed; its changes are not made", len(items))
            if not aside:
                await self._back_to_stored()
            if len(items) > 1:
                for item in items:
                    await self._run_batch([item])
                return
            self._refuse_alone(items[0], exc)
            return
        batch.apply()  # and what the commit gave (a new row's id) kept
        self._answer(batch, outcomes, failed)

    def _decide(self, items: list[Inbound | _Action]) -> tuple[Batch, list[_Outcome],
                                                                list[Inbound]]:
        """Each item handled in turn on one batch, its changes made and recorded; the units
        to save added. Returns the batch, the actions' outcomes and the messages whose
        handling failed (their own changes taken back)."""
        batch = Batch()
        outcomes: list[_Outcome] = []
        failed: list[Inbound] = []
        for item in items:
            mark = batch.mark()
            if isinstance(item, Inbound):
                unit_no = item.received.message.unit
                # Its unit as it was: the message's changes to it are set aside with the rest.
                batch.changed(UnitAsBefore(self.units, unit_no, self.units.copy(unit_no)))
                try:
                    self._handle(item, batch)
                except Exception:  # one bad message must not stop the station
                    log.exception("message from unit %s", unit_no)
                    # What it queued is dropped and its changes taken back, its unit's with
                    # them (saved with the batch as it was before the message).
                    batch.undo_to(mark)
                    failed.append(item)
                continue
            item.begun = True
            try:
                outcomes.append((item, item.run(batch), None))
            except Exception as exc:
                # A refused action changes nothing: what it queued is taken out again.
                batch.undo_to(mark)
                outcomes.append((item, None, exc))
        # Units sent to since the last commit: their station sequence numbers are saved too.
        # Failed-check counts go with the next write a second or more after the last one,
        # so frames failing the check cost no write each.
        bad_macs_due = (bool(self.units.bad_macs_unsaved)
                        and time.monotonic() - self._bad_macs_saved >= BAD_MACS_SAVED)
        batch.units |= self.units.to_save(bad_macs_due)
        if bad_macs_due:
            self._bad_macs_saved = time.monotonic()
        if batch.units:
            batch.ops.append(repo.save_units([self.units.row(u) for u in sorted(batch.units)]))
        return batch, outcomes, failed

    def _answer(self, batch: Batch, outcomes: list[_Outcome], failed: list[Inbound]) -> None:
        """A committed batch: its answers sent, its events published, its actions' callers
        told, and the messages whose handling failed answered INTERNAL."""
        for unit, body in batch.final_sends():
            self.outbox.send(unit, body)
        for event in batch.events:
            self.bus.publish(event)
        for action, value, error in outcomes:
            if action.done.done():
                continue
            if error is None:
                action.done.set_result(value)
            else:
                action.done.set_exception(error)
        for inbound in failed:
            self.refusals.internal(inbound.received, inbound.link)

    def _refuse_alone(self, item: Inbound | _Action, exc: BaseException) -> None:
        """One item whose commit fails on its own: an action reports it, a pad gets INTERNAL."""
        if isinstance(item, _Action):
            if not item.done.done():
                item.done.set_exception(exc)
            return
        self.refusals.internal(item.received, item.link)

    # -- one message -------------------------------------------------------------------------

    def _handle(self, inbound: Inbound, batch: Batch) -> None:
        received = inbound.received
        message = received.message
        self.outbox.heard_on(inbound.link)
        if not message.type.from_pad:
            # A station-to-pad type sent upstream: dropped, unanswered (SPEC.md 1).
            self.refusals.bad_frames += 1
            return
        unit = self.units.get(message.unit)
        key = self.units.key_of(message.unit)
        if not (inbound.verified if inbound.checked_with == key else verify(received, key)):
            self.refusals.bad_mac(received, inbound.link, unit, batch)
            return
        if unit is None:
            unit = self.units.add(message.unit)
            batch.ops.append(repo.audit(self.rules.session.event_id, f"unit {unit.unit}", "paired"))
            batch.event(UnitChanged(unit.unit, "new"))
        if message.screen is not None and self._other_screen(unit, message, batch):
            return
        unit.link = inbound.link.name
        unit.version = message.v
        unit.last_seen = datetime.now(UTC)
        unit.failing = 0
        digest = hashlib.sha256(received.signed).hexdigest()[:32]
        if message.seq <= unit.last_seq:
            self.units.repeat(unit, message, digest, batch)
            return
        previous, unit.last_seq = unit.last_seq, message.seq
        mark = len(batch.sends)
        answers = self.rules.pads.dispatch(unit, message, batch)
        # The answer goes out before anything the message caused (feedback, say).
        batch.sends[mark:mark] = [(unit.unit, body) for body in answers]
        answer_json = jsonwire.answers_json(answers)  # the text the link sends (jsonwire)
        unit.remember(message.seq, digest, answer_json)
        batch.ops.append(repo.save_answer(unit.unit, message.seq, digest, answer_json))
        if message.seq // ANSWERS_KEPT > previous // ANSWERS_KEPT:
            # Once every ANSWERS_KEPT seqs: between 64 and 128 answers stay per unit, however
            # many messages it sends.
            batch.ops.append(repo.forget_answers(unit.unit, message.seq - ANSWERS_KEPT))
        batch.units.add(unit.unit)

    def _other_screen(self, unit: UnitState, message: Message, batch: Batch) -> bool:
        """A message from a screen that has lost its unit to another (SPEC.md 15) is answered
        with a status, which names the screen holding the unit, and is otherwise ignored."""
        lost, taken = self.units.lost_screen(unit, message)
        if taken:
            batch.ops.append(repo.audit(self.rules.session.event_id, f"unit {unit.unit}",
                                        "other_screen"))
        if lost:
            batch.send(unit.unit, self.rules.session.status_for(unit.unit))
        return lost
