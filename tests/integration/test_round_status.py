"""Pads are told their section's new round without asking (SPEC.md 6.7, 6.9), over a real pty
(bridgepads) and a real mosquitto (BridgeScorers) at once; a bridgepad holding a key from before
its unit was paired again can verify the BAD_MAC nak it gets (SPEC.md 7); a maximum frame
crosses the pty whole (SPEC.md 11.7)."""

from __future__ import annotations

import asyncio
import binascii
import struct
from typing import Any

import pytest

from firmware_protocol.binary import MAX_FRAME
from firmware_protocol.cobs import cobs_encode
from firmware_protocol.messages import (
    Ack,
    ErrorCode,
    Heartbeat,
    Login,
    Nak,
    StationState,
    Status,
)
from firmware_protocol.security import compute_mac, unit_key
from tests import pads as test_pads
from tests.integration.conftest import expected_pairs
from tests.integration.test_station_mqtt import result
from tests.pads import MqttPad, VirtualRadio

pytestmark = pytest.mark.integration


async def told_round(pad: test_pads.TestPad, round_: int) -> Status:
    """The next status the pad is sent, unasked; anything else on the way is skipped."""
    async with asyncio.timeout(10):
        while True:
            body = (await pad.inbox.get()).body
            if isinstance(body, Status):
                assert body == Status(StationState.RUNNING, round_)
                return body


async def play(pad: test_pads.TestPad, table: int, round_: int) -> None:
    seat = expected_pairs(round_, table)
    for board in seat.boards:
        answer = await pad.request(result(table, round_, board, seat.ns, seat.ew))
        assert isinstance(answer[0], Ack), answer


async def test_every_pad_is_told_the_new_round_on_both_links(
        radio: VirtualRadio, mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto, serial_ports=(radio.port,))
    first, third = radio.pad(101), radio.pad(103)
    async with MqttPad(mosquitto, "club", 102) as second:
        pads: dict[int, test_pads.TestPad] = {1: first, 2: second, 3: third}
        for table, pad in pads.items():
            assert isinstance((await pad.request(Login("A", table)))[0], Ack)
        # Round 1 played everywhere: its last board completes it, and every pad hears of
        # round 2 without a hello or a resend.
        for table, pad in pads.items():
            await play(pad, table, 1)
        for pad in pads.values():
            await told_round(pad, 2)
        assert station.session.sections["A"].current_round == 2
        # The director closes round 2 with nothing entered: round 3, told to every pad.
        await station.director.close_round("A")
        for pad in pads.values():
            await told_round(pad, 3)
        # A late round-2 result is still taken; the round stays 3.
        await play(second, 2, 2)
        assert station.session.sections["A"].current_round == 3


async def test_a_bridgepad_with_the_key_before_re_pairing_is_told_so(
        radio: VirtualRadio, make_station: Any) -> None:
    station = await make_station(serial_ports=(radio.port,))
    old = radio.pad(120)
    assert isinstance((await old.request(Login("A", 1)))[0], Ack)
    await station.director.pair_unit(120)  # a new key
    seq = old.send(Heartbeat(50))
    async with asyncio.timeout(10):
        while True:
            message = await old.inbox.get()
            if isinstance(message.body, Nak) and message.body.re == seq:
                break
    assert message.body.code == ErrorCode.BAD_MAC
    assert message.seq > 0 and old.forged == 0  # in sequence, and it verifies: the old key
    # The pad given the new key carries on in the unit's sequence.
    new = radio.pad(120, seq=old.seq)
    new.key = unit_key("change-me", 120, 1)
    assert isinstance((await new.request(Heartbeat(60)))[0], Ack)


async def test_a_maximum_frame_crosses_the_pty_whole(
        radio: VirtualRadio, make_station: Any) -> None:
    await make_station(serial_ports=(radio.port,))
    pad = radio.pad(130)
    assert isinstance((await pad.request(Login("A", 1)))[0], Ack)
    # A hello of 253 unstuffed bytes (a firmware name far too long): the station reads the
    # whole 256-byte frame, checks its tag and answers MALFORMED, rather than dropping it.
    seq = pad.seq
    pad.seq += 1
    signed = struct.pack(">BHI", 0x21, 130, seq) + bytes([1, 90]) + b"x" * 238
    raw = signed + compute_mac(pad.key, signed)
    raw += struct.pack(">H", binascii.crc_hqx(raw, 0xFFFF))
    frame = b"\x00" + cobs_encode(raw) + b"\x00"
    assert len(raw) == 253 and len(frame) == MAX_FRAME
    radio.write(frame)
    [nak] = await pad.answer(seq)
    assert isinstance(nak, Nak) and nak.code == ErrorCode.MALFORMED
    assert pad.forged == 0  # in the unit's sequence, tagged with its key
