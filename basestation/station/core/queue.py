"""Fairness per unit: what waits for the hub, one lane per unit, served in turn.

A pad has one message in flight (SPEC.md 6.6), so its lane normally holds one message. A unit
sending far more than a pad does (broken or hostile) fills only its own lane: it is served at
a pad's pace, what overflows is dropped and counted (a pad retransmits what mattered), and every
other unit's messages go into the next batch as if it were quiet. Frames that fail the security
check cost little: a few per claimed unit and a few overall are handled (answered, counted on
the grid), the rest dropped. Director actions have a lane of their own, never dropped.

No I/O and no clock of its own (the hub passes `now`), so it is tested on its own.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from basestation.station.effects.alerts import AlertKind, AlertOut, alert

if TYPE_CHECKING:
    from basestation.station.session.memory import UnitState

T = TypeVar("T")

UNIT_RATE = 20.0  # a unit's messages handled per second once its burst is spent
UNIT_BURST = 16  # handled at once after a quiet spell (a pad resending its entries goes on at
# UNIT_RATE: one in flight, it is paced, never dropped)
UNIT_LANE = 32  # a unit's messages waiting at most; beyond, dropped and counted
UNIT_TURN = 4  # a unit's messages in one batch at most: no batch is one unit's alone
# A unit that has overflowed its lane (flooding): served slower and holding fewer, until a
# minute without overflowing. Each message it is served costs a commit of its own (nobody else
# is in its batch) that the other pads' batches would wait behind.
FLOODING_RATE, FLOODING_LANE = 2.0, 4
UNVERIFIED_RATE, UNVERIFIED_BURST = 2.0, 8  # failing the check, per unit they claim to be
STRANGER_RATE, STRANGER_BURST = 50.0, 100  # failing the check, every claimed unit together
STRANGER_LANE = 64
FLOOD_WINDOW = 10.0  # seconds a unit's messages are counted over, for the grid's alert
FLOOD_SHOWN = 60.0  # seconds a flood stays on the grid after its last dropped message
COUNTED = 1024  # claimed units counted at once: a stranger may claim any number of them
STATION = "station"  # the lane of director actions and the station's own work
UNVERIFIED = "unverified"  # the lane of frames failing the check, whoever they claim to be
Key = int | str


@dataclass
class Bucket:
    """A token bucket: `rate` tokens a second, at most `burst` saved up."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    @classmethod
    def full(cls, rate: float, burst: float, now: float) -> Bucket:
        return cls(rate, burst, burst, now)

    def _fill(self, now: float) -> None:
        if now > self.stamp:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now

    def ready(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= 1

    def take(self, now: float) -> bool:
        if not self.ready(now):
            return False
        self.tokens -= 1
        return True

    def due(self, now: float) -> float:
        """Seconds until a token is there (0: now)."""
        self._fill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def rested(self, now: float) -> bool:
        self._fill(now)
        return self.tokens >= self.burst


@dataclass
class Lane(Generic[T]):
    """One unit's messages (or the actions, or the unverified frames), oldest first."""

    bucket: Bucket | None  # None: taken as fast as they come (director actions)
    cap: int | None  # None: never dropped
    turn: int  # at most this many in one batch
    items: deque[T] = field(default_factory=deque)

    def ready(self, now: float) -> bool:
        return bool(self.items) and (self.bucket is None or self.bucket.ready(now))

    def due(self, now: float) -> float:
        return 0.0 if self.bucket is None else self.bucket.due(now)


@dataclass
class Traffic:
    """What one claimed unit sent over the last window, for the grid's alert."""

    since: float  # the current window began
    arrived: int = 0
    dropped: int = 0
    checked: int = 0  # had their tag checked (the rest were dropped unread)
    failed: int = 0  # failed the security check
    last: tuple[int, int, int, int] = (0, 0, 0, 0)  # the same, in the window before
    last_drop: float | None = None

    def roll(self, now: float) -> None:
        if now - self.since < FLOOD_WINDOW:
            return
        recent = now - self.since < 2 * FLOOD_WINDOW
        self.last = self.figures() if recent else (0, 0, 0, 0)
        self.arrived = self.dropped = self.checked = self.failed = 0
        self.since = now

    def figures(self) -> tuple[int, int, int, int]:
        return self.arrived, self.dropped, self.checked, self.failed

    def flooding(self, now: float) -> bool:
        return self.last_drop is not None and now - self.last_drop < FLOOD_SHOWN


@dataclass(frozen=True)
class Flood:
    """A unit (None: frames claiming many units, failing the check) sending far more than a
    pad does: `messages` in the last `seconds`, of which `dropped` were dropped, `checked` had
    their tag checked and `failed` failed that check."""

    unit: int | None
    messages: int
    dropped: int
    checked: int
    failed: int
    seconds: int = int(FLOOD_WINDOW)


class FairQueue(Generic[T]):
    """The hub's queue: a lane per unit, served round-robin, each at a pad's pace."""

    def __init__(self, limit: int, clock: Callable[[], float]) -> None:
        self.limit = limit  # pad messages waiting at most, all units together
        self.clock = clock
        self.lanes: dict[Key, Lane[T]] = {
            STATION: Lane(None, None, turn=1 << 30),
            UNVERIFIED: Lane(Bucket.full(STRANGER_RATE, STRANGER_BURST, clock()),
                             STRANGER_LANE, UNIT_TURN)}
        self.ring: deque[Key] = deque()  # lanes holding something, in the order they are served
        self.waiting = 0  # pad messages in the lanes
        self.dropped = 0
        self.traffic: OrderedDict[int | None, Traffic] = OrderedDict()
        self.claimed: OrderedDict[int, Bucket] = OrderedDict()  # per claimed unit, unverified
        self.new_floods: list[int | None] = []  # units that began flooding, for the hub to say
        self.dropping: set[int | None] = set()  # units with messages dropped, for the hub

    # -- in --------------------------------------------------------------------------------

    def put(self, unit: int, item: T, *, verified: bool, known: bool = True) -> bool:
        """Queues a pad's message in its unit's lane (a verified one) or with the frames
        failing the check; False if it was dropped (counted, its unit's flood noted). Frames
        failing the check that claim a unit the station does not know are strangers': beyond
        their claimed unit's few they are counted together (one flood, unit None), never as
        a flood of each of the thousands of units a stranger may claim."""
        now = self.clock()
        self._count(unit, now, checked=True, failed=not verified)
        if verified:
            lane = self.lanes.get(unit)
            if lane is None:
                lane = self.lanes[unit] = Lane(Bucket.full(UNIT_RATE, UNIT_BURST, now),
                                               UNIT_LANE, UNIT_TURN)
            elif lane.cap == FLOODING_LANE and not self.traffic[unit].flooding(now):
                self._pace(lane, UNIT_RATE, UNIT_LANE)  # a minute quiet: a pad's pace again
            if lane.cap is not None and len(lane.items) >= lane.cap:
                if lane.cap != FLOODING_LANE:
                    self._pace(lane, FLOODING_RATE, FLOODING_LANE)
                    while len(lane.items) > FLOODING_LANE:  # its surplus, dropped too
                        lane.items.pop()
                        self.waiting -= 1
                        self._drop(unit, now)
                return self._drop(unit, now)
            self._append(unit, lane, item)
            return True
        claimed = self._claimed(unit, now)
        if not claimed.take(now):
            return self._drop(unit if known else None, now)
        lane = self.lanes[UNVERIFIED]
        if lane.cap is not None and len(lane.items) >= lane.cap:
            return self._drop(None, now)  # every claimed unit together: strangers
        self._append(UNVERIFIED, lane, item)
        return True

    @staticmethod
    def _pace(lane: Lane[T], rate: float, cap: int) -> None:
        assert lane.bucket is not None
        lane.bucket.rate = rate
        lane.bucket.tokens = min(lane.bucket.tokens, 1.0)
        lane.cap = cap

    def put_station(self, item: T) -> None:
        """A director action or the station's own work: never dropped, served in turn."""
        self._append(STATION, self.lanes[STATION], item)

    def turned_away(self, unit: int) -> bool:
        """True (counted as arrived and dropped) when the unit's lane is full, so its next
        message can be dropped before it is even decoded: the unit floods."""
        lane = self.lanes.get(unit)
        if lane is None or lane.cap is None or len(lane.items) < lane.cap:
            return False
        now = self.clock()
        self._count(unit, now, checked=False, failed=False)
        return not self._drop(unit, now)

    def dropped_unread(self, unit: int) -> None:
        """A message claiming `unit` that a link dropped before reading it (the unit had more
        waiting there than a pad ever sends at once): counted as that unit's flood."""
        now = self.clock()
        self._count(unit, now, checked=False, failed=False)
        self._drop(unit, now)

    def dropped_stranger(self) -> None:
        """A frame claiming a unit the station does not know, dropped by a link unread (its
        inbox's share for such frames full): counted with the strangers' frames."""
        self._drop(None, self.clock())

    def police(self, unit: int) -> bool:
        """Whether a frame claiming `unit` that is not queued (one the codec refused) may
        still be answered: as frames failing the check, a few per claimed unit."""
        now = self.clock()
        self._count(unit, now, checked=False, failed=False)
        if self._claimed(unit, now).take(now):
            return True
        return self._drop(unit, now)

    def _append(self, key: Key, lane: Lane[T], item: T) -> None:
        if not lane.items:
            self.ring.append(key)
        lane.items.append(item)
        if key != STATION:
            self.waiting += 1

    def _claimed(self, unit: int, now: float) -> Bucket:
        bucket = self.claimed.get(unit)
        if bucket is None:
            bucket = self.claimed[unit] = Bucket.full(UNVERIFIED_RATE, UNVERIFIED_BURST, now)
            while len(self.claimed) > COUNTED:
                self.claimed.popitem(last=False)
        else:
            self.claimed.move_to_end(unit)
        return bucket

    # -- counting, for the alert -------------------------------------------------------------

    def _count(self, unit: int | None, now: float, *, checked: bool,
               failed: bool) -> Traffic:
        traffic = self.traffic.get(unit)
        if traffic is None:
            traffic = self.traffic[unit] = Traffic(now)
            while len(self.traffic) > COUNTED:
                self.traffic.popitem(last=False)
        else:
            self.traffic.move_to_end(unit)
            traffic.roll(now)
        traffic.arrived += 1
        traffic.checked += checked
        traffic.failed += failed
        return traffic

    def _drop(self, unit: int | None, now: float) -> bool:
        self.dropped += 1
        traffic = self.traffic.get(unit)
        if unit is None or traffic is None:  # strangers: counted as they are dropped
            traffic = self._count(unit, now, checked=True, failed=True)
        traffic.dropped += 1
        if not traffic.flooding(now):
            self.new_floods.append(unit)
        self.dropping.add(unit)
        traffic.last_drop = now
        return False

    def flood_of(self, unit: int | None) -> Flood | None:
        """The unit's flood (as `floods` gives it), None when it is not flooding."""
        traffic = self.traffic.get(unit)
        now = self.clock()
        if traffic is None or not traffic.flooding(now):
            return None
        traffic.roll(now)
        return Flood(unit, *max(traffic.figures(), traffic.last))

    def floods(self) -> list[Flood]:
        """Units sending far more than a pad should: those with messages dropped in the last
        minute, with their figures over the busier of the last two windows."""
        now = self.clock()
        found = []
        for unit, traffic in self.traffic.items():
            if not traffic.flooding(now):
                continue
            traffic.roll(now)
            found.append(Flood(unit, *max(traffic.figures(), traffic.last)))
        return sorted(found, key=lambda f: (f.unit is None, f.unit or 0))

    # -- out -------------------------------------------------------------------------------

    def take(self, most: int) -> list[T]:
        """Up to `most` items, round-robin over the lanes: one from each lane in turn, each
        lane at most its turn and only with a token to spend."""
        now = self.clock()
        taken: list[T] = []
        turns: dict[Key, int] = {}
        idle = 0  # lanes passed over in a row: a whole round of them ends the taking
        while self.ring and len(taken) < most and idle < len(self.ring):
            key = self.ring[0]
            lane = self.lanes[key]
            if turns.get(key, 0) < lane.turn and lane.ready(now):
                if lane.bucket is not None:
                    lane.bucket.take(now)
                taken.append(lane.items.popleft())
                turns[key] = turns.get(key, 0) + 1
                if key != STATION:
                    self.waiting -= 1
                idle = 0
                if lane.items:
                    self.ring.rotate(-1)
                else:
                    self.ring.popleft()
            else:
                idle += 1
                self.ring.rotate(-1)
        self._forget_rested(now)
        return taken

    def due(self) -> float | None:
        """Seconds until something can be taken: 0 now, None when nothing waits."""
        if not self.ring:
            return None
        now = self.clock()
        return min(self.lanes[key].due(now) for key in self.ring)

    def _forget_rested(self, now: float) -> None:
        # A quiet unit's lane goes once its bucket is full again: forgetting it earlier would
        # hand a flooding unit a fresh burst.
        if len(self.lanes) <= COUNTED:
            return
        for key, lane in list(self.lanes.items()):
            if isinstance(key, int) and not lane.items and lane.bucket is not None \
                    and lane.bucket.rested(now):
                del self.lanes[key]

    def waiting_from(self, unit: int) -> int:
        """A unit's messages waiting in its lane."""
        lane = self.lanes.get(unit)
        return 0 if lane is None else len(lane.items)

    def __len__(self) -> int:
        return sum(len(self.lanes[key].items) for key in self.ring)

    def full(self) -> bool:
        return self.waiting >= self.limit


def flood_alert(flood: Flood, units: Mapping[int, UnitState]) -> AlertOut:
    """A unit sending far more than a pad should (its extra messages dropped), with the
    table its pad holds; unit None: frames failing the check, claiming many units."""
    where: dict[str, object] = {}
    unit = units.get(flood.unit) if flood.unit is not None else None
    if unit is not None and unit.section is not None and unit.table is not None:
        where |= {"section": unit.section, "table": unit.table}
    if unit is not None and unit.cut_off:
        where["cut_off"] = unit.cut_off  # seconds its broker login is disabled for
    return alert(AlertKind.FLOODING, unit=flood.unit, messages=flood.messages,
                 seconds=flood.seconds, dropped=flood.dropped, checked=flood.checked,
                 failed=flood.failed, **where)
