"""Nothing a refused commit decided survives it: no feedback, no par sent later, no callback
of a row never written. A message whose handling fails takes its own share out the same way."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from basestation.station.effects.batch import Batch
from basestation.store import repository as repo
from basestation.store.models import MergeOfferRow
from firmware_protocol.messages import Ack, ErrorCode, Feedback, FeedbackKind, Login, Nak
from tests.helpers import result
from tests.station.fakes import DEAL_1, FakeLink, inbound, par_held_back, station, turns
from tests.station.test_memory_matches_store import refuse_next_commit


async def test_a_refused_result_gets_no_par_when_it_is_solved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The par is not solved when the result comes: refused at commit, the pad is told
    INTERNAL and nothing follows once the par is solved; sent again and stored, it does."""
    async with par_held_back(tmp_path, monkeypatch) as (made, link, release):
        await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
        link.to(1)
        refused = refuse_next_commit(made, monkeypatch)
        await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        told = link.to(1)
        assert refused and [type(body) for body in told] == [Nak]
        assert isinstance(told[0], Nak) and told[0].code == ErrorCode.INTERNAL
        release.set()
        assert made.rules.session.par.wait(30)
        for _ in range(50):  # the loop's turns a par solved would take to be sent
            await asyncio.sleep(0.01)
        assert link.to(1) == []
        # The pad sends it again: stored, it gets its traveller now and its par.
        await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        kinds = {body.kind for body in link.to(1) if isinstance(body, Feedback)}
        assert kinds == {FeedbackKind.TRAVELLER, FeedbackKind.PAR}


async def test_refused_hand_records_are_not_solved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = station(tmp_path, feedback=frozenset({"traveller", "par"}))
    try:
        assert made.rules.session.par.wait(30)
        rotated = "E:" + DEAL_1.split(":", 1)[1]
        refuse_next_commit(made, monkeypatch)
        with pytest.raises(RuntimeError, match="refused"):
            await turns(made, made.director.set_hand_records("A", {2: rotated}))
        assert made.rules.session.par.wait(30)
        assert made.rules.session.par.get(rotated, 2) is None
    finally:
        made.rules.session.par.close()


def test_a_failed_share_drops_its_callbacks_for_after_the_commit() -> None:
    """A row inserted by a message whose handling then fails: neither the row nor what was
    to be done with its id is left in the batch."""
    batch = Batch()
    kept: list[int] = []
    batch.insert(MergeOfferRow(event_id=1, unit=1, body_json="{}"), kept.append)
    mark = batch.mark()
    batch.insert(MergeOfferRow(event_id=1, unit=2, body_json="{}"), kept.append)
    batch.on_commit(lambda: kept.append(-1))
    batch.ops.append(repo.audit(1, "unit 2", "login"))
    batch.undo_to(mark)
    assert len(batch.ops) == 1 and len(batch.after) == 1


async def test_a_message_failing_after_feedback_sends_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug after the result's feedback was queued: the pad is told INTERNAL only."""
    made = station(tmp_path, feedback=frozenset({"traveller"}))
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    assert isinstance(link.to(1)[0], Ack)
    feedback = made.rules.pads._feedback

    def failing(*args: Any) -> None:
        feedback(*args)
        raise RuntimeError("a bug, once the feedback is queued")
    monkeypatch.setattr(made.rules.pads, "_feedback", failing)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    told = link.to(1)
    assert [type(body) for body in told] == [Nak]
    assert made.session.sections["A"].held(1, 1, 1) is None
