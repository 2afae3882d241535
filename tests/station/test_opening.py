"""Opening a new event goes through the hub's batch like every write (issue 23): one turn
closes the old event and writes the new one, the next loads it and tells the pads. A pad
heard between the two turns is refused, and nothing of it is stored in either event. Before
the station runs a program sets it up directly; once it runs, only through the hub
(docs/ARCHITECTURE.md, "Writes before the station runs")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from basestation.station.app import Station
from basestation.station.config import NewEvent, SectionConfig
from basestation.station.refusals import Conflict
from firmware_protocol.messages import Control, ControlCommand, Login, Nak
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station


async def _next_turn(made: Station) -> None:
    for _ in range(3):  # the second turn is queued by a task the first turn started
        await asyncio.sleep(0)
    await made.hub.step()


async def test_a_pad_between_the_two_turns_is_refused(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    old = made.rules.session.event_id
    await made.hub.step(inbound(link, 1, 1, Login("A", 1)))
    link.sent.clear()
    new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),))
    opening = asyncio.ensure_future(made.director.open_new_event(new))
    await _next_turn(made)
    # Written: the database's open event is the new one; memory still holds the old one,
    # ended as the database has it, and its table free.
    snap = made.store.snapshot()
    assert snap.event is not None and snap.event.name == "Night two"
    session = made.rules.session
    assert session.event_id == old and not session.running and session.ended
    assert made.hub.units[1].table is None

    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    [refused] = link.to(1)
    assert isinstance(refused, Nak)

    await _next_turn(made)
    opened = await opening
    assert opened == made.rules.session.event_id != old
    assert made.rules.session.event_name == "Night two"
    assert Control(ControlCommand.RELOGIN) in link.to(1)
    assert made.rules.session.sections["A"].held_count == 0
    assert made.store.snapshot(old).results == []


async def test_an_event_in_play_is_closed_only_when_asked(tmp_path: Path) -> None:
    made = station(tmp_path)
    old = made.rules.session.event_id
    new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),), close_open=False)
    opening = asyncio.ensure_future(made.director.open_new_event(new))
    await _next_turn(made)
    with pytest.raises(Conflict, match=r"^Tuesday pairs is still in play: confirm to close it "
                                       r"and open Night two$"):
        await opening
    assert made.rules.session.event_id == old and not made.rules.session.ended
    snap = made.store.snapshot()
    assert snap.event is not None and snap.event.id == old and not snap.event.ended


async def test_set_up_writes_go_through_the_hub_once_the_station_runs(tmp_path: Path) -> None:
    made = station(tmp_path)
    await made.start()
    try:
        with pytest.raises(RuntimeError, match=r"^the station runs: its writes go through the "
                                               r"hub \(director.open_new_event\)$"):
            made.open_event("Other", "nz", [SectionConfig("A", "mitchell", 3, 6)])
        with pytest.raises(RuntimeError, match=r"\(director.set_players\)$"):
            made.import_players({101: "Ann Smith"})
        snap = made.store.snapshot()
        assert snap.event is not None and snap.event.name == "Tuesday pairs"
        assert snap.players == []
        await made.director.set_players({101: "Ann Smith"})
        assert made.rules.session.players == {101: "Ann Smith"}
        assert [(p.number, p.name) for p in made.store.snapshot().players] == [(101, "Ann Smith")]
    finally:
        await made.stop()


async def test_closing_the_old_event_shows_only_once_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening x the grid: while the first turn commits, readers see the old event running
    and its tables held; refused, it stays so without memory being reloaded."""
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login("A", 1)))
    session = made.rules.session
    seen: list[tuple[bool, bool, str | None]] = []
    reloads: list[int] = []
    commit, snapshot = made.store.commit, made.store.snapshot

    def watched(ops: Any) -> None:
        seen.append((session.running, session.ended, made.hub.units[1].section))
        if len(seen) == 1:
            raise RuntimeError("the database refused the batch")
        commit(ops)

    def counted(event_id: int | None = None) -> Any:
        reloads.append(1)
        return snapshot(event_id)
    monkeypatch.setattr(made.store, "commit", watched)
    monkeypatch.setattr(made.store, "snapshot", counted)
    new = NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),))
    opening = asyncio.ensure_future(made.director.open_new_event(new))
    await _next_turn(made)
    with pytest.raises(RuntimeError, match="refused"):
        await opening
    assert seen == [(True, False, "A")] and not reloads
    assert (session.running, session.ended, made.hub.units[1].section) == (True, False, "A")
    await _next_turn(made)  # the second turn finds nothing written: it says so, changes nothing
    opening = asyncio.ensure_future(made.director.open_new_event(new))
    await _next_turn(made)
    assert seen[1] == (True, False, "A")
    assert (session.running, session.ended, made.hub.units[1].section) == (False, True, None)
    await _next_turn(made)
    assert await opening == made.rules.session.event_id
