"""Bridgepads over a radio receiver: a real pty pair driven through pyserial."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from basestation.station.config import NewEvent, SectionConfig
from firmware_protocol import binary, jsonwire
from firmware_protocol.messages import (
    Ack,
    ErrorCode,
    Feedback,
    GameData,
    Heartbeat,
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
    movement = station.session.sections["A"].movement
    for round_ in range(1, movement.rounds + 1):
        for table, pad in enumerate(pads, start=1):
            seat = movement.at(round_, table)
            for board in seat.boards:
                answer = await pad.request(result(table, round_, board, seat.ns, seat.ew))
                assert isinstance(answer[0], Ack), answer
    held = station.session.sections["A"].all_results()
    assert len(held) == 18 and all(h.score_ns in (420, 620) for h in held)
    assert all(p.forged == 0 for p in pads)


async def test_garbage_on_the_air_is_skipped(radio: VirtualRadio, make_station: Any) -> None:
    station = await make_station(serial_ports=(radio.port,))
    pad = radio.pad(201)
    radio.write(b"\x13\x37 noise \x00\x00\xff\xfe")
    assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
    assert station.hub.refusals.bad_frames >= 1


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
        assert len(station.session.sections["A"].all_results()) == 2  # nothing lost
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
    assert len(station.session.sections["A"].all_results()) == 2


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


async def test_new_event_x_serial_line_old_feedback_never_reaches_the_pad(
        radio: VirtualRadio, make_station: Any) -> None:
    """SPEC.md 13.4 over a real pty at 300 baud, travellers and par on: pad A's result is
    acked, its feedback waits behind pad B's game_data on the line, and the director opens
    the next night meanwhile. A gets its ack under the old event, then the new event's
    status and relogin, and never the old board's feedback."""
    station = await make_station(serial_ports=(radio.port,), baud=300)
    old = station.session.event_id or 0
    a, b = radio.pad(101), radio.pad(102)

    def send_v2(body: Any) -> int:
        seq, a.seq = a.seq, a.seq + 1
        radio.write(binary.encode_frame(Message(a.unit, seq, body, 2, old), a.key))
        return seq

    assert isinstance((await a.answer(send_v2(Login("A", 1)), timeout=30))[0], Ack)
    section = station.session.sections["A"]
    b.send(Login(section="A", table=2))  # its game_data will fill the line for seconds
    async with asyncio.timeout(30):
        while section.holders.get(2) != 102:
            await asyncio.sleep(0.02)
    entered = send_v2(result(1, 1, 1, 1, 1))
    async with asyncio.timeout(30):
        while section.held(1, 1, 1) is None:
            await asyncio.sleep(0.02)
    new = NewEvent("Wednesday pairs", "nz", (SectionConfig("A", "mitchell", 3, 6),))
    opened = await station.director.open_new_event(new)
    link = station.links[0]
    async with asyncio.timeout(60):
        while len(link.order):
            await asyncio.sleep(0.05)
    # Whatever went on the line before it is read before the answer to this.
    heartbeat = a.seq
    a.seq += 1
    radio.write(binary.encode_frame(Message(a.unit, heartbeat, Heartbeat(50), 2, opened),
                                    a.key))
    told: list[Message] = []
    async with asyncio.timeout(30):
        while not (told and isinstance(told[-1].body, Ack) and told[-1].body.re == heartbeat):
            told.append(await a.inbox.get())
    acked = next(i for i, m in enumerate(told) if isinstance(m.body, Ack)
                 and m.body.re == entered)
    kinds = [(type(m.body).__name__, m.event) for m in told[acked:]]
    assert kinds == [("Ack", old), ("Status", opened), ("Control", opened), ("Ack", opened)]
    assert not any(isinstance(m.body, Feedback) for m in told)
    assert station.session.event_id == opened
