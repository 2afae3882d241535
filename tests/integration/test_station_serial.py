"""Bridgepads over a radio receiver: a real pty pair driven through pyserial."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from firmware_protocol import jsonwire
from firmware_protocol.messages import (
    Ack,
    ErrorCode,
    GameData,
    Login,
    Message,
    Nak,
    Result,
    Seat,
)
from tests.integration.test_station_mqtt import result
from tests.pads import MqttPad, VirtualRadio

pytestmark = pytest.mark.integration


async def test_session_over_the_radio(radio: VirtualRadio, make_station: Any) -> None:
    station = await make_station(serial_ports=(radio.port,))
    pads = [radio.pad(100 + t) for t in (1, 2, 3)]
    for table, pad in enumerate(pads, start=1):
        answers = await pad.request(Login(section="A", table=table))
        assert isinstance(answers[0], Ack)
        assert any(isinstance(a, GameData) for a in answers)
    movement = station.rules.sections["A"].movement
    for round_ in range(1, movement.rounds + 1):
        for table, pad in enumerate(pads, start=1):
            seat = movement.at(round_, table)
            for board in seat.boards:
                answer = await pad.request(result(table, round_, board, seat.ns, seat.ew))
                assert isinstance(answer[0], Ack), answer
    held = station.rules.sections["A"].all_results()
    assert len(held) == 18 and all(h.score_ns in (420, 620) for h in held)
    assert all(p.forged == 0 for p in pads)


async def test_garbage_on_the_air_is_skipped(radio: VirtualRadio, make_station: Any) -> None:
    station = await make_station(serial_ports=(radio.port,))
    pad = radio.pad(201)
    radio.write(b"\x13\x37 noise \x00\x00\xff\xfe")
    assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
    assert station.hub.bad_frames >= 1


async def test_unplugged_receiver_is_reopened(radio: VirtualRadio, make_station: Any) -> None:
    """Closing the pty's far end is an unplug; a new pair on the same path is a replug."""
    station = await make_station(serial_ports=(radio.port,))
    pad = radio.pad(301)
    assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
    assert isinstance((await pad.request(result(1, 1, 1, 1, 1)))[0], Ack)
    link = station.links[0]
    # Point the link at a new receiver, then unplug the old one.
    replug = VirtualRadio()
    try:
        link.port = replug.port
        radio.close()
        async with asyncio.timeout(10):
            while link.opened < 2:
                await asyncio.sleep(0.05)
        again = replug.pad(301, seq=pad.seq)
        assert isinstance((await again.request(result(1, 1, 2, 1, 1)))[0], Ack)
        assert len(station.rules.sections["A"].all_results()) == 2  # nothing lost
    finally:
        replug.close()


async def test_both_links_at_once(radio: VirtualRadio, mosquitto: int, make_station: Any) -> None:
    station = await make_station(serial_ports=(radio.port,), mqtt_port=mosquitto)
    bridgepad = radio.pad(401)
    async with MqttPad(mosquitto, "club", 402) as scorer:
        assert isinstance((await bridgepad.request(Login(section="A", table=1)))[0], Ack)
        assert isinstance((await scorer.request(Login(section="A", table=2)))[0], Ack)
        got = await asyncio.gather(bridgepad.request(result(1, 1, 1, 1, 1)),
                                   scorer.request(result(2, 1, 3, 2, 2)))
        assert all(isinstance(a[0], Ack) for a in got), got
        # The same rules behind both links: the scorer cannot take the bridgepad's table.
        refused = await scorer.request(Login(section="A", table=1))
        assert isinstance(refused[0], Nak) and refused[0].code == ErrorCode.TABLE_IN_USE
    assert len(station.rules.sections["A"].all_results()) == 2


async def test_impossible_contract_gets_a_clear_nak(mosquitto: int, make_station: Any) -> None:
    await make_station(mqtt_port=mosquitto)
    async with MqttPad(mosquitto, "club", 501) as pad:
        await pad.request(Login(section="A", table=1))
        # The codec will not build an 8-level contract, so the pad's JSON is edited and re-signed.
        body = json.loads(jsonwire.encode(
            Message(unit=501, seq=pad.seq, body=result(1, 1, 1, 1, 1)), pad.key))
        body["body"]["contract"] = "8S"
        pad.transmit_raw(jsonwire.sign_object(body, pad.key))
        answer = await pad.answer(pad.seq)
        pad.seq += 1
        assert isinstance(answer[0], Nak) and answer[0].code == ErrorCode.INVALID_CONTRACT
        assert isinstance((await pad.request(Result(
            section="A", table=1, round=1, board=1, ns=1, ew=1, contract="4S",
            declarer=Seat.S, tricks=10)))[0], Ack)
