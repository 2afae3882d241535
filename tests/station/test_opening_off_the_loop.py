"""Opening a new event reads the database off the event loop: the loop keeps answering (the
pages, the links) while a slow database is read."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from basestation.station.config import NewEvent, SectionConfig
from tests.station.fakes import station


async def test_the_new_event_is_read_off_the_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = station(tmp_path)
    snapshot = made.store.snapshot
    readers: list[threading.Thread] = []

    def slow(*args: Any) -> Any:
        readers.append(threading.current_thread())
        time.sleep(0.5)  # a slow disk
        return snapshot(*args)
    monkeypatch.setattr(made.store, "snapshot", slow)
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    hub = asyncio.create_task(made.hub.run())
    clock = asyncio.create_task(ticking())
    try:
        new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),))
        async with asyncio.timeout(30):
            opened = await made.director.open_new_event(new)
    finally:
        hub.cancel()
        clock.cancel()
    assert opened == made.rules.session.event_id
    assert made.rules.session.event_name == "Night two"
    assert readers and threading.main_thread() not in readers
    assert ticks >= 20  # the loop went on answering through the half-second read
