"""Par is solved off the event loop when hand records load; the hub only reads it, and a board
whose par is not solved yet gets its other feedback at once and the par when it is solved."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from basestation.station.config import NewEvent, SectionConfig
from basestation.station.session.feedback import par_rows
from basestation.station.session.par import ParSolver
from firmware_protocol.messages import Ack, Feedback, FeedbackKind, Login
from tests.helpers import result
from tests.station.fakes import DEAL_1, FakeLink, inbound, par_held_back, station, turns

BOARD_1_PAR = {("1S", "N", 80), ("1S", "S", 80)}


def test_solver_solves_ahead_and_never_blocks() -> None:
    solver = ParSolver()
    try:
        assert solver.get(DEAL_1, 1) is None  # not asked for: nothing, at once
        solver.solve([(DEAL_1, 1)])
        assert solver.wait(30)
        assert set(solver.get(DEAL_1, 1) or ()) == BOARD_1_PAR
        assert solver.get(DEAL_1, 1) == par_rows(DEAL_1, 1)
    finally:
        solver.close()


def test_a_deal_the_solver_rejects_has_no_par() -> None:
    solver = ParSolver()
    try:
        solver.solve([("N:not a deal", 1)])
        assert solver.wait(30)
        assert solver.get("N:not a deal", 1) == ()
    finally:
        solver.close()


def feedback(bodies: list[Any]) -> dict[FeedbackKind, Feedback]:
    return {b.kind: b for b in bodies if isinstance(b, Feedback)}


async def test_par_not_solved_yet_follows_the_other_feedback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async with par_held_back(tmp_path, monkeypatch) as (made, link, release):
        await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
        link.to(1)
        await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        first = link.to(1)
        assert isinstance(first[0], Ack)
        assert set(feedback(first)) == {FeedbackKind.TRAVELLER}  # not held up by the par
        release.set()
        async with asyncio.timeout(30):
            while not link.sent:
                await asyncio.sleep(0.01)
        later = feedback(link.to(1))
        assert set(later[FeedbackKind.PAR].rows) == BOARD_1_PAR


async def test_a_par_solved_after_a_new_event_opened_is_not_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # SPEC.md 13.4: it would be about a board of the event closed.
    async with par_held_back(tmp_path, monkeypatch) as (made, link, release):
        await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
        await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
        assert FeedbackKind.PAR not in feedback(link.to(1))  # waiting for the solver
        await made.director.open_new_event(
            NewEvent("Night two", "nz", (SectionConfig("A", "howell", 3, 10),)))
        link.to(1)
        release.set()
        assert await asyncio.to_thread(made.rules.session.par.wait, 30)
        async with asyncio.timeout(30):  # the solver's answer, in a turn of its own
            while made.hub.queued:
                await asyncio.sleep(0.01)
        assert made.rules.session.par.get(DEAL_1, 1) is not None  # solved, and not sent
        assert FeedbackKind.PAR not in feedback(link.to(1))


async def test_hand_records_loaded_by_the_director_are_solved_ahead(tmp_path: Path) -> None:
    made = station(tmp_path, feedback=frozenset({"traveller", "par"}))
    try:
        rotated = "E:" + DEAL_1.split(":", 1)[1]
        assert await turns(made, made.director.set_hand_records("A", {2: rotated})) == [2]
        assert made.rules.session.par.wait(30)
        assert made.rules.session.par.get(rotated, 2) == par_rows(rotated, 2)
        # The batch that enters board 2's result only reads it.
        link = FakeLink()
        await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
        link.to(1)
        await made.hub.step(inbound(link, 1, 2, result(1, 1, 2, 1, 1)))
        assert FeedbackKind.PAR in feedback(link.to(1))
    finally:
        made.rules.session.par.close()
