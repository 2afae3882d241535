"""Link health: a link that drops is said at once, one that never connects after a grace,
and each comes back once (fake links; tests/integration and tests/web use real ones)."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta

from basestation.station.effects.bus import EventBus
from basestation.station.effects.link_health import LinkHealth


class FakeLink:
    def __init__(self, name: str) -> None:
        self.name = name
        self.connected = asyncio.Event()


async def test_a_link_lost_and_back_is_said_once_each() -> None:
    bus = EventBus()
    events = bus.subscribe()
    health = LinkHealth(bus, grace=timedelta(seconds=0.2), every=0.01)
    broker, radio = FakeLink("mqtt:127.0.0.1:1883"), FakeLink("serial:/dev/ttyUSB0")
    broker.connected.set()
    watching = asyncio.create_task(health.watch([broker, radio]))
    try:
        await asyncio.sleep(0.1)
        assert health.down == {}  # the receiver still has its grace to open
        await asyncio.sleep(0.2)
        assert health.down["serial:/dev/ttyUSB0"].lost is False  # never opened
        broker.connected.clear()
        await asyncio.sleep(0.05)
        assert health.down["mqtt:127.0.0.1:1883"].lost is True
        await asyncio.sleep(0.05)  # still down: said once
        broker.connected.set()
        await asyncio.sleep(0.01)
        assert set(health.down) == {"serial:/dev/ttyUSB0"}
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
    said = [events.get_nowait().to_json() for _ in range(events.qsize())]
    assert [(e["kind"], e["link_kind"], e["where"]) for e in said] == [
        ("link_down", "serial", "/dev/ttyUSB0"), ("link_down", "mqtt", "127.0.0.1:1883"),
        ("link_back", "mqtt", "127.0.0.1:1883")]
    assert said[1]["lost"] is True and said[1]["since"]
