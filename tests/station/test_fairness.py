"""The hub's queue on its own, on a clock of the test's: a lane per unit served in turn at a
pad's pace, a flooding unit's excess dropped and counted, frames failing the check bounded per
claimed unit and overall, director actions never dropped."""

from __future__ import annotations

import pytest

from basestation.station.core.queue import (
    FLOOD_SHOWN,
    FLOODING_LANE,
    FLOODING_RATE,
    STRANGER_LANE,
    UNIT_BURST,
    UNIT_LANE,
    UNIT_RATE,
    UNIT_TURN,
    UNVERIFIED_BURST,
    FairQueue,
    Flood,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def queue(clock: Clock, limit: int = 10_000) -> FairQueue[str]:
    return FairQueue(limit, clock)


def test_a_flooding_unit_does_not_hold_up_another(clock: Clock) -> None:
    fair = queue(clock)
    for n in range(UNIT_LANE):
        assert fair.put(1, f"A{n}", verified=True)
    fair.put(2, "B", verified=True)
    batch = fair.take(512)
    # B goes in the first batch, with at most a turn's worth of A's.
    assert "B" in batch and sum(item.startswith("A") for item in batch) == UNIT_TURN
    assert batch.index("B") <= 1


def test_a_units_lane_is_capped_and_its_excess_counted(clock: Clock) -> None:
    fair = queue(clock)
    taken = [fair.put(1, f"A{n}", verified=True) for n in range(UNIT_LANE + 100)]
    assert taken == [True] * UNIT_LANE + [False] * 100
    # Flooding, it holds fewer: the rest of its lane is dropped too.
    dropped = 100 + UNIT_LANE - FLOODING_LANE
    assert fair.dropped == dropped and fair.waiting == FLOODING_LANE
    assert fair.new_floods == [1]  # said once, when it began
    assert fair.floods() == [Flood(1, messages=UNIT_LANE + 100, dropped=dropped,
                                   checked=UNIT_LANE + 100, failed=0)]
    # Another unit is not affected.
    assert fair.put(2, "B", verified=True)
    # Once the lane is full, the link may drop the unit's next message unread.
    assert fair.turned_away(1) and not fair.turned_away(2)
    assert fair.floods()[0].messages == UNIT_LANE + 101


def test_a_unit_is_served_at_a_pads_pace_after_its_burst(clock: Clock) -> None:
    fair = queue(clock)
    served = 0
    for _ in range(400):  # one in flight, a try every 10 ms for 4 s
        if not fair.waiting:
            assert fair.put(1, "A", verified=True)
        served += len(fair.take(512))
        if fair.waiting:  # its next turn is due within one token's time
            assert 0 < (fair.due() or 0) <= 1 / UNIT_RATE
        clock.now += 0.01
    assert UNIT_BURST + 3.9 * UNIT_RATE <= served <= UNIT_BURST + 4 * UNIT_RATE + 1
    assert fair.dropped == 0


def test_a_flooding_unit_is_served_slower_and_drains_in_seconds(clock: Clock) -> None:
    fair = queue(clock)
    served = 0
    for _ in range(40):  # a flood over 4 s: the lane kept full
        while fair.put(1, "A", verified=True):
            pass
        served += len(fair.take(512))
        clock.now += 0.1
    assert served <= UNIT_BURST + 4 * FLOODING_RATE + 1
    # Once it stops, what it has queued is served within seconds; a quiet queue has nothing due.
    waited = 0.0
    while fair.waiting:
        fair.take(512)
        clock.now += 0.1
        waited += 0.1
    assert waited <= FLOODING_LANE / FLOODING_RATE + 0.2 and fair.due() is None
    # A minute without overflowing: a pad's pace and lane again.
    clock.now += FLOOD_SHOWN
    assert fair.put(1, "A", verified=True) and fair.lanes[1].cap == UNIT_LANE


def test_a_pad_resending_its_session_is_not_slowed(clock: Clock) -> None:
    fair = queue(clock)
    for n in range(UNIT_BURST):  # one in flight, as fast as answers come
        assert fair.put(7, n, verified=True)  # type: ignore[arg-type]
        assert fair.take(512) == [n]
    assert fair.dropped == 0 and fair.floods() == []


def test_frames_failing_the_check_are_bounded_per_claimed_unit(clock: Clock) -> None:
    fair = queue(clock)
    kept = [fair.put(5, "bad", verified=False) for _ in range(50)]
    assert kept.count(True) == UNVERIFIED_BURST
    assert fair.floods() == [Flood(5, messages=50, dropped=50 - UNVERIFIED_BURST,
                                   checked=50, failed=50)]
    # The unit's own, verified, messages still go through.
    assert fair.put(5, "good", verified=True)
    assert "good" in fair.take(512)


def test_frames_failing_the_check_are_bounded_overall(clock: Clock) -> None:
    fair = queue(clock)
    kept = [fair.put(unit, "bad", verified=False) for unit in range(1, 1001)]
    assert kept.count(True) == STRANGER_LANE
    # One flood of strangers, not a thousand alerts.
    floods = fair.floods()
    assert [f.unit for f in floods] == [None] and floods[0].dropped == 1000 - STRANGER_LANE


def test_director_actions_are_never_dropped_and_go_in_turn(clock: Clock) -> None:
    fair = queue(clock, limit=2)
    fair.put(1, "A1", verified=True)
    fair.put(2, "B1", verified=True)
    assert fair.full()
    for n in range(600):
        fair.put_station(f"act{n}")
    assert fair.full() and fair.waiting == 2 and len(fair) == 602
    first = fair.take(512)
    assert "A1" in first and "B1" in first and len(first) == 512


def test_a_flood_leaves_the_grid_a_minute_after_its_last_drop(clock: Clock) -> None:
    fair = queue(clock)
    for _ in range(UNIT_LANE + 1):
        fair.put(1, "A", verified=True)
    assert [f.unit for f in fair.floods()] == [1]
    clock.now += FLOOD_SHOWN - 1
    assert [f.unit for f in fair.floods()] == [1]
    clock.now += 2
    assert fair.floods() == []


def test_quiet_units_lanes_are_forgotten_once_rested(clock: Clock) -> None:
    fair = queue(clock)
    for unit in range(1, 3000):
        fair.put(unit, "x", verified=True)
        fair.take(1)
    clock.now += 60
    fair.take(1)
    assert len(fair.lanes) <= 3  # the station's, the unverified frames', at most one more
