"""The hub on a fake link: batches commit before answers, a failing message or commit is
refused alone, an unavailable database is waited out, director actions time out plainly,
and a failed hub task is restarted."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import exc as sa_exc

from basestation.station.core.commits import unavailable
from basestation.station.core.hub import Inbound, StationBusy, Step
from basestation.station.effects.batch import Batch
from basestation.store import repository as repo
from firmware_protocol.messages import Ack, ErrorCode, GameData, Login, Nak, Players
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


async def logged_in(tmp_path: Path, units: int = 2) -> Any:
    made = station(tmp_path)
    link = FakeLink()
    for table in range(1, units + 1):
        await made.hub.step(inbound(link, table, 1, Login(section="A", table=table)))
        answer = link.to(table)
        assert isinstance(answer[0], Ack) and isinstance(answer[1], GameData)
    return made, link


def boards_stored(made: Any) -> list[tuple[int, int]]:
    return sorted((r.table_no, r.board) for r in made.store.snapshot().results)


async def test_a_batch_is_stored_then_answered(tmp_path: Path) -> None:
    made, link = await logged_in(tmp_path)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(1)[0], Ack) and isinstance(link.to(2)[0], Ack)
    assert boards_stored(made) == [(1, 1), (2, 3)]
    # A repeat gets its original answer and stores nothing.
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    assert isinstance(link.to(1)[0], Ack) and boards_stored(made) == [(1, 1), (2, 3)]


async def test_a_message_that_fails_is_refused_alone(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await logged_in(tmp_path)
    dispatch = made.rules.pads.dispatch

    def half_way(unit: Any, message: Any, batch: Batch) -> Any:
        answers = dispatch(unit, message, batch)  # memory and batch changed...
        if unit.unit == 2:
            raise RuntimeError("a bug")  # ...then it fails
        return answers

    monkeypatch.setattr(made.rules.pads, "dispatch", half_way)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(1)[0], Ack)
    refused = link.to(2)
    assert len(refused) == 1 and isinstance(refused[0], Nak)
    assert refused[0].code == ErrorCode.INTERNAL and refused[0].re == 2
    # Neither memory nor the database keeps anything of the failed message.
    assert boards_stored(made) == [(1, 1)]
    assert made.rules.session.sections["A"].held(2, 1, 3) is None
    assert made.hub.units[2].last_seq == 1
    monkeypatch.setattr(made.rules.pads, "dispatch", dispatch)
    await made.hub.step(inbound(link, 2, 3, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(2)[0], Ack) and boards_stored(made) == [(1, 1), (2, 3)]


async def test_a_commit_the_database_refuses_is_retried_message_by_message(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await logged_in(tmp_path)
    dispatch = made.rules.pads.dispatch

    def refused_row(connection: object) -> None:
        raise sa_exc.IntegrityError("INSERT", {}, sqlite3.IntegrityError("constraint"))

    def poison(unit: Any, message: Any, batch: Batch) -> Any:
        if unit.unit == 2:
            batch.ops.append(repo.OnConnection(refused_row))
        return dispatch(unit, message, batch)

    monkeypatch.setattr(made.rules.pads, "dispatch", poison)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)),
              inbound(link, 2, 2, result(2, 1, 3, 2, 2)))
    assert isinstance(link.to(1)[0], Ack)
    answer = link.to(2)
    assert isinstance(answer[0], Nak) and answer[0].code == ErrorCode.INTERNAL
    assert boards_stored(made) == [(1, 1)]
    assert made.rules.session.sections["A"].held(2, 1, 3) is None


async def test_memory_is_rebuilt_on_the_loop_never_seen_half_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A director's action whose commit is refused has memory reloaded (its changes do not
    all say how to take them back yet): the database is read off the loop, but memory is
    rebuilt on it, so a reader on the loop (the grid, a simulated session asking for the
    movements) never sees it half rebuilt, with a section missing."""
    made, _ = await logged_in(tmp_path)
    load, commit = made.rules.session.load, made.store.commit
    rebuilt_on: list[int] = []
    seen_missing: list[int] = []

    def refused(ops: Any) -> None:
        raise RuntimeError("the database refused it")

    def watched_load(*args: Any) -> None:
        rebuilt_on.append(threading.get_ident())
        load(*args)

    async def reader() -> None:
        while True:
            if "A" not in made.rules.session.sections:
                seen_missing.append(1)
            await asyncio.sleep(0)

    monkeypatch.setattr(made.store, "commit", refused)
    monkeypatch.setattr(made.rules.session, "load", watched_load)
    watching = asyncio.create_task(reader())
    with pytest.raises(RuntimeError, match="refused"):
        # The hub's own act() with an action that does not say how to take its changes
        # back (as opening an event): the service's commands all do.
        await turns(made, made.hub.act(lambda batch: made.rules.director.lock_unit(1, batch)))
    watching.cancel()
    assert rebuilt_on == [threading.get_ident()] and seen_missing == []
    monkeypatch.setattr(made.store, "commit", commit)


async def test_a_failing_message_is_taken_back_without_a_reload(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Players entered, failing half-way (a bug): its pad is told INTERNAL, the players are
    not seated, and memory is put back by the batch's own undo, not reloaded."""
    made, link = await logged_in(tmp_path)
    seat = made.rules.session.seat
    reloaded: list[int] = []

    def failing(*args: Any, **kwargs: Any) -> None:
        seat(*args, **kwargs)
        raise RuntimeError("a bug, once a pair is seated")

    monkeypatch.setattr(made.rules.session, "seat", failing)
    monkeypatch.setattr(made.rules.session, "load", lambda *args: reloaded.append(1))
    await made.hub.step(inbound(link, 1, 2, Players("A", 1, 1, 1, 2, 3, 4)))
    nak = link.to(1)[0]
    assert isinstance(nak, Nak) and nak.code == ErrorCode.INTERNAL
    assert made.rules.session.seats.held == {} and reloaded == []


async def test_an_unavailable_database_is_waited_out(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await logged_in(tmp_path)
    commit = made.store.commit
    failures = [sa_exc.OperationalError("COMMIT", {}, sqlite3.OperationalError("locked"))] * 3
    events = made.bus.subscribe()

    def flaky(ops: Any) -> None:
        if failures:
            raise failures.pop()
        commit(ops)

    monkeypatch.setattr(made.store, "commit", flaky)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    assert isinstance(link.to(1)[0], Ack) and boards_stored(made) == [(1, 1)]
    assert made.hub.commits.failures == 3 and made.hub.commits.down_since is None
    kinds = [type(events.get_nowait()).__name__ for _ in range(events.qsize())]
    assert kinds[0] == "DatabaseUnavailable" and "DatabaseBack" in kinds


def test_what_counts_as_unavailable() -> None:
    locked = sa_exc.OperationalError("COMMIT", {}, sqlite3.OperationalError("locked"))
    refused = sa_exc.IntegrityError("INSERT", {}, sqlite3.IntegrityError("unique"))
    assert unavailable(locked) and unavailable(OSError("disk"))
    assert not unavailable(refused) and not unavailable(ValueError("bad"))


async def test_an_action_that_fails_changes_nothing(tmp_path: Path) -> None:
    made, _ = await logged_in(tmp_path)

    def half(batch: Batch) -> None:
        batch.ops.append(repo.audit(made.rules.session.event_id, "director", "half"))
        raise ValueError("refused half-way")

    with pytest.raises(ValueError, match="half-way"):
        await turns(made, made.hub.act(half))
    history = [a.action for a in made.store.audit_log(made.rules.session.event_id)]
    assert "half" not in history


async def test_an_action_not_begun_in_time_is_dropped(tmp_path: Path) -> None:
    made, _ = await logged_in(tmp_path)
    made.hub.act_timeout = 0.05
    with pytest.raises(StationBusy, match="Nothing was changed"):
        await made.director.close_round("A")
    await made.hub.step()
    assert made.rules.session.sections["A"].current_round == 1


async def test_a_failed_hub_is_restarted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made, link = await logged_in(tmp_path)
    step = made.hub.step
    calls = []

    async def fails_once(*messages: Inbound) -> Step:
        stepped = await step(*messages)
        if stepped.taken:
            calls.append(stepped)
            if len(calls) == 1:
                raise RuntimeError("the hub broke")
        return stepped

    monkeypatch.setattr(made.hub, "step", fails_once)
    await made.start()
    try:
        made.hub.submit(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        async with asyncio.timeout(5):
            while made.hub_restarts == 0:
                await asyncio.sleep(0.01)
        health = made.health()
        assert health["hub_restarts"] == 1 and "the hub broke" in str(health["hub_last_failure"])
        # The pad's retransmission is answered by the restarted hub.
        made.hub.submit(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        assert await made.hub.act(lambda batch: "done", timeout=5) == "done"
        assert isinstance(link.to(1)[0], Ack) and boards_stored(made) == [(1, 1)]
    finally:
        await made.stop()


async def test_a_full_queue_pushes_back(tmp_path: Path) -> None:
    made, link = await logged_in(tmp_path)
    made.hub.queue_limit = 2  # every unit together
    sent = [inbound(link, 1, 2, result(1, 1, 1, 1, 1)), inbound(link, 2, 2, result(2, 1, 3, 2, 2)),
            inbound(link, 1, 3, result(1, 1, 2, 1, 1))]
    assert [made.hub.submit(item) for item in sent] == [True, True, False]
    assert made.hub.shed == 1 and not made.hub.has_room()
    waiting = asyncio.create_task(made.hub.room())
    await asyncio.sleep(0.01)
    assert not waiting.done()  # a link awaiting room stops reading
    hub = asyncio.create_task(made.hub.run())
    try:
        async with asyncio.timeout(5):
            await waiting
        assert made.hub.has_room()
        # A director action has a lane of its own: a full queue does not hold it up.
        made.hub.queue_limit = 0
        assert await made.hub.act(lambda batch: "done", timeout=5) == "done"
    finally:
        hub.cancel()
    assert made.health()["shed"] == 1


async def test_a_station_to_pad_type_sent_upstream_is_dropped(tmp_path: Path) -> None:
    # SPEC.md 1: a receiver drops a message of the other direction, tag or no tag.
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 17, 5, Ack(re=1)))
    await made.hub.step(inbound(link, 17, 6, GameData("A", 1, 1, ())))
    assert link.sent == [] and made.hub.refusals.bad_frames == 2
    # Its seq was not taken: the pad's next message is new.
    await made.hub.step(inbound(link, 17, 5, Login("A", 1)))
    assert isinstance(link.to(17)[0], Ack)
