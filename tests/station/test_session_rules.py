"""The session rules through the hub on a fake link: logins, results, refusals, corrections,
and the director's changes going down the one replace-result path (stored, pushed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from basestation.station.session.rulings import Ruling
from firmware_protocol.messages import (
    Ack,
    Correction,
    CorrectionPush,
    ErrorCode,
    Login,
    Nak,
    NotPlayed,
    ResultFlag,
    Seat,
)
from tests.helpers import result
from tests.station.fakes import FakeLink, inbound, station, turns


async def seated(tmp_path: Path) -> tuple[Any, FakeLink]:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    link.to(1)
    return made, link


async def test_a_second_pad_at_a_held_table_is_refused(tmp_path: Path) -> None:
    made, link = await seated(tmp_path)
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1)))
    answer = link.to(2)
    assert isinstance(answer[0], Nak) and answer[0].code == ErrorCode.TABLE_IN_USE
    await made.hub.step(inbound(link, 2, 2, Login(section="A", table=1, takeover=True,
                                                  pin="4321")))
    assert isinstance(link.to(2)[0], Ack)
    assert made.hub.units[1].locked_reason == ErrorCode.UNIT_REPLACED.value


async def test_results_refusals_and_corrections(tmp_path: Path) -> None:
    made, link = await seated(tmp_path)
    await made.hub.step(inbound(link, 9, 1, result(1, 1, 1, 1, 1)))
    assert link.to(9)[0] == Nak(re=1, code=ErrorCode.NOT_LOGGED_IN)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    ack = link.to(1)[0]
    assert isinstance(ack, Ack) and ack.score_ns == 420
    await made.hub.step(inbound(link, 1, 3, result(1, 1, 1, 1, 1, tricks=9)))
    refused = link.to(1)[0]
    assert isinstance(refused, Nak) and refused.code == ErrorCode.ALREADY_PLAYED
    await made.hub.step(inbound(link, 1, 4, Correction(
        section="A", table=1, round=1, board=1, ns=1, ew=1, contract="4S", declarer=Seat.S,
        tricks=9)))
    corrected = link.to(1)[0]
    assert isinstance(corrected, Ack) and corrected.score_ns == -50
    assert ResultFlag.CORRECTED in corrected.flags
    await made.hub.step(inbound(link, 1, 5, result(1, 1, 9, 1, 1)))
    assert link.to(1)[0].code == ErrorCode.BOARD_OUT_OF_RANGE  # type: ignore[union-attr]
    history = made.store.history(made.rules.session.event_id, "A", 1, 1, 1)
    assert [r.status for r in history] == ["superseded", "active"]


async def test_a_ruling_is_stored_typed_and_pushed(tmp_path: Path) -> None:
    made, link = await seated(tmp_path)
    await made.hub.step(inbound(link, 1, 2, result(1, 1, 1, 1, 1)))
    link.to(1)

    held = await turns(made, made.director.rule("A", 1, 1, 1, {"adjusted": "60/40"}))
    assert held.ruling == Ruling(adjusted="60/40") and held.kind == "adjusted"
    [push] = link.to(1)
    assert isinstance(push, CorrectionPush)
    assert push.result == NotPlayed("A", 1, 1, 1, 1, 1, adjusted="60/40")
    [stored] = made.store.snapshot().results
    assert stored.ruling == {"adjusted": "60/40"} and stored.kind == "adjusted"
    # The director moves it to board 2: board 1 emptied on the pad, board 2 filled.
    moved = await turns(made, made.director.move_result(
        "A", 1, 1, 1, to_board=2))
    assert moved.board == 2 and made.rules.session.sections["A"].held(1, 1, 1) is None
    pushed = link.to(1)
    assert len(pushed) == 2 and all(isinstance(p, CorrectionPush) for p in pushed)
    assert [r.board for r in made.store.snapshot().results] == [2]
