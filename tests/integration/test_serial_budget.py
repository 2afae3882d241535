"""The radio link's byte budget (SPEC.md 11.9) over a real pty pair: an ack never waits behind
feedback, and the feedback still arrives, numbered in the order it arrives."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from basestation.station.links.serial import SerialLink
from firmware_protocol.messages import (
    Ack,
    Body,
    Feedback,
    FeedbackKind,
    Login,
    Message,
)
from firmware_protocol.security import unit_key
from tests.integration.test_station_mqtt import result
from tests.pads import VirtualRadio

pytestmark = pytest.mark.integration


class Listener:
    """Stands for the pads on the air: what arrives, for whom, in arrival order."""

    def __init__(self, arrived: list[Message]) -> None:
        self.arrived = arrived

    def accept(self, received: Any) -> None:
        self.arrived.append(received.message)


def traveller(board: int, score: int = 420) -> Feedback:
    return Feedback(board=board, kind=FeedbackKind.TRAVELLER,
                    rows=((1, 4, "4S", "S", 10, "HK", score),))


async def test_an_ack_goes_out_before_feedback_already_waiting(radio: VirtualRadio) -> None:
    """Three pads' travellers queued at 1200 baud (0.4 s each on the line), then an ack: the
    ack goes next, after only the traveller already on the line; the others follow."""
    arrived: list[Message] = []
    for unit in (1, 2, 3, 9):
        radio.pads[unit] = Listener(arrived)  # type: ignore[assignment]
    link = SerialLink(hub=None, port=radio.port, baud=1200)  # type: ignore[arg-type]
    runner = asyncio.create_task(link.run())
    seqs: dict[int, int] = {}

    def number(unit: int) -> Any:
        def numbered(parts: list[Body]) -> list[tuple[Message, bytes]]:
            out = []
            for part in parts:
                seqs[unit] = seqs.get(unit, 0) + 1
                out.append((Message(unit, seqs[unit], part), unit_key("change-me", unit)))
            return out
        return numbered

    try:
        async with asyncio.timeout(10):
            await link.connected.wait()
        for unit in (1, 2, 3):
            link.post(unit, traveller(1), number(unit))
        await asyncio.sleep(0.1)  # the first traveller is on the line now
        link.post(9, Ack(re=5, score_ns=420, flags=()), number(9))
        async with asyncio.timeout(10):
            while len(arrived) < 4:
                await asyncio.sleep(0.05)
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    assert [(m.unit, type(m.body)) for m in arrived] == [
        (1, Feedback), (9, Ack), (2, Feedback), (3, Feedback)]


async def test_feedback_is_replaced_not_queued_twice(radio: VirtualRadio) -> None:
    """A traveller waiting for the line is replaced by a newer one for the same board, and a
    unit's waiting feedback for a board goes once it has feedback for a later board."""
    arrived: list[Message] = []
    for unit in (1, 2, 3):
        radio.pads[unit] = Listener(arrived)  # type: ignore[assignment]
    link = SerialLink(hub=None, port=radio.port, baud=1200)  # type: ignore[arg-type]
    runner = asyncio.create_task(link.run())
    seq = iter(range(1, 100))

    def number(unit: int) -> Any:
        return lambda parts: [(Message(unit, next(seq), p), unit_key("change-me", unit))
                              for p in parts]

    try:
        async with asyncio.timeout(10):
            await link.connected.wait()
        link.post(1, traveller(1), number(1))  # goes at once: the line is idle
        link.post(2, traveller(1, score=420), number(2))
        link.post(2, traveller(1, score=450), number(2))  # replaces the 420 one
        link.post(3, traveller(1), number(3))
        link.post(3, traveller(2), number(3))  # the pad has moved on: board 1's goes
        async with asyncio.timeout(10):
            while len(arrived) < 3:
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.6)  # nothing more comes
    finally:
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
    shown = [(m.unit, m.body.board, m.body.rows[0][6]) for m in arrived
             if isinstance(m.body, Feedback)]
    assert shown == [(1, 1, 420), (2, 1, 450), (3, 2, 420)]
    assert link.order.feedback_dropped == 2


async def test_a_pads_ack_overtakes_another_pads_feedback(radio: VirtualRadio,
                                                          make_station: Any) -> None:
    """The whole station at 600 baud with travellers and par on: pad B's ack arrives before
    pad A's par, every pad still gets its traveller and par, and each pad sees the station's
    seqs rise in the order its messages arrive (SPEC.md 8: it drops any other)."""
    await make_station(serial_ports=(radio.port,), baud=600)
    arrived: list[Message] = []
    pads = {unit: radio.pad(unit) for unit in (101, 102)}
    for table, pad in enumerate(pads.values(), start=1):
        login = pad.send(Login(section="A", table=table))
        assert isinstance((await pad.answer(login, timeout=20))[0], Ack)
    for pad in pads.values():
        original = pad.accept

        def accept(received: Any, original: Any = original) -> None:
            arrived.append(received.message)
            original(received)

        pad.accept = accept  # type: ignore[method-assign]
    a, b = pads[101], pads[102]
    # Board 1 is played at tables 1 and 2 in the first two rounds of this Mitchell; its
    # hand record is loaded, so it has a par. Table 1 plays it in round 1.
    await a.answer(a.send(result(1, 1, 1, 1, 1)), timeout=20)
    await b.answer(b.send(result(2, 1, 3, 2, 2)), timeout=20)
    async with asyncio.timeout(30):
        while sum(isinstance(m.body, Feedback) and m.body.kind == FeedbackKind.PAR
                  and m.unit == 101 for m in arrived) < 1 or sum(
                isinstance(m.body, Feedback) and m.unit == 102 for m in arrived) < 1:
            await asyncio.sleep(0.1)
    order = [(m.unit, m.body.kind.value if isinstance(m.body, Feedback) else
              type(m.body).__name__) for m in arrived]
    assert order.index((102, "Ack")) < order.index((101, "par")), order
    assert (101, "traveller") in order and (102, "traveller") in order
    for unit in pads:
        seqs = [m.seq for m in arrived if m.unit == unit]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
