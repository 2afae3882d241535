"""Recovery: a station that lost its data gets it back from the pads' memory."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from firmware_protocol.messages import ControlCommand, Result, Seat
from simulator.notices import Answered, GameDataReceived, Notice
from simulator.units import MqttPad

pytestmark = pytest.mark.integration


async def notice(pad: MqttPad, wanted: Callable[[Notice], bool]) -> Notice:
    async with asyncio.timeout(30):  # busy machine
        while not wanted(found := await pad.notices.get()):
            pass
    return found


async def test_a_resend_command_restores_a_lost_database(mosquitto: int, make_station: Any,
                                                         tmp_path: Path) -> None:
    first = await make_station(mqtt_port=mosquitto, database=f"sqlite:///{tmp_path / 'a.db'}")
    movement = first.rules.session.sections["A"].movement
    pad = MqttPad(mosquitto, "club", 61, "change-me", speed=20)
    await pad.power_on()
    try:
        pad.act(lambda p, now: p.login("A", 1, now))
        await notice(pad, lambda n: isinstance(n, GameDataReceived))
        seat = movement.at(1, 1)
        entered = [Result("A", 1, 1, board, seat.ns, seat.ew, "3NT", Seat.N, 9 + board, None)
                   for board in seat.boards]
        for body in entered:
            pad.act(lambda p, now, body=body: p.enter(body, now))
            await notice(pad, lambda n, body=body: isinstance(n, Answered) and n.body == body)
        await first.stop()
        # The club's computer died: a new station with an empty database takes over.
        second = await make_station(mqtt_port=mosquitto,
                                    database=f"sqlite:///{tmp_path / 'b.db'}")
        assert second.rules.session.sections["A"].all_results() == []
        pad.act(lambda p, now: p.login("A", 1, now))
        await notice(pad, lambda n: isinstance(n, GameDataReceived))
        await second.director.command_unit(61, ControlCommand.RESEND)
        async with asyncio.timeout(10):
            while len(second.rules.session.sections["A"].all_results()) < len(entered):
                await asyncio.sleep(0.05)
        held = {(h.board, h.score_ns) for h in second.rules.session.sections["A"].all_results()}
        assert held == {(1, 430), (2, 660)}  # 3NT+1, and 3NT+2 with NS vulnerable on board 2
    finally:
        await pad.power_off()
