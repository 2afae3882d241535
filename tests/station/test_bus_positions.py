"""The event bus's positions: a follower is given what came after its position while the
bus keeps it, and is told when it must read afresh."""

from __future__ import annotations

from basestation.api.routes.session import since_position
from basestation.station.effects.bus import EventBus
from basestation.station.effects.events import RoundMoved


def drained(bus: EventBus, since: int | None) -> tuple[bool, list[int]]:
    follower = bus.follow(since)
    got = []
    for position, event in follower.waiting:
        assert event == RoundMoved("A", position)
        got.append(position)
    return follower.behind, got


async def test_a_follower_gets_what_came_after_its_position() -> None:
    bus = EventBus(kept=5)
    for n in range(1, 9):
        bus.publish(RoundMoved("A", n))
    assert drained(bus, 6) == (False, [7, 8])
    assert drained(bus, 8) == (False, [])
    assert drained(bus, 3) == (False, [4, 5, 6, 7, 8])  # the oldest kept is 4
    assert drained(bus, 2)[0] is True  # 3 is no longer kept
    assert drained(bus, None)[0] is True
    assert drained(bus, 99)[0] is True  # a position this bus never reached


async def test_a_follower_that_falls_behind_is_told() -> None:
    bus = EventBus(depth=2)
    follower = bus.follow(0)
    for n in range(1, 4):
        bus.publish(RoundMoved("A", n))
    assert follower.behind
    follower.caught_up()
    assert not follower.behind and not follower.waiting
    bus.publish(RoundMoved("A", 4))
    assert await follower.take(1) == [(4, RoundMoved("A", 4))]
    bus.unfollow(follower)


async def test_a_burst_is_taken_at_once_and_a_quiet_wait_runs_out() -> None:
    bus = EventBus()
    follower = bus.follow(0)
    assert await follower.take(0.01) == []
    for n in range(1, 4):
        bus.publish(RoundMoved("A", n))
    assert [p for p, _ in await follower.take(1)] == [1, 2, 3]
    assert not follower.waiting


def test_last_event_id_of_this_bus_only() -> None:
    assert since_position("ab12-17", "ab12") == 17
    assert since_position("cd34-17", "ab12") is None
    assert since_position("ab12-x", "ab12") is None
    assert since_position(None, "ab12") is None
