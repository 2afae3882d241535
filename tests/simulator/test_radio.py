"""The simulated air: late frames keep their order, as one radio sends one frame at a time,
unless the faults ask for frames overtaking each other."""

from __future__ import annotations

import asyncio
import os
import random

from firmware_protocol import binary
from firmware_protocol.messages import Ack, Message, Received
from simulator.radio import AirFaults, VirtualRadio

KEY = bytes(32)
UNIT, FRAMES = 7, 40


async def _heard_down(faults: AirFaults) -> list[int]:
    """The station's seqs in the order the pad hears them."""
    radio = VirtualRadio(faults, random.Random(3))
    heard: list[int] = []
    radio.attach(UNIT, lambda received: heard.append(received.message.seq))
    station_end = os.open(radio.port, os.O_RDWR | os.O_NOCTTY)
    try:
        for seq in range(1, FRAMES + 1):
            message = Message(unit=UNIT, seq=seq, body=Ack(re=seq))
            os.write(station_end, binary.encode_frame(message, KEY))
            await asyncio.sleep(0.001)
        async with asyncio.timeout(5):
            while len(heard) < FRAMES:
                await asyncio.sleep(0.01)
    finally:
        os.close(station_end)
        radio.close()
    return heard


async def _heard_up(faults: AirFaults) -> list[int]:
    """A pad's seqs in the order the station's receiver reads them."""
    radio = VirtualRadio(faults, random.Random(4))
    station_end = os.open(radio.port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    heard: list[int] = []
    decoder = binary.FrameDecoder()
    send = radio.transmitter(KEY)
    try:
        for seq in range(1, FRAMES + 1):
            send(Message(unit=UNIT, seq=seq, body=Ack(re=seq)))
            await asyncio.sleep(0.001)
        async with asyncio.timeout(5):
            while len(heard) < FRAMES:
                await asyncio.sleep(0.01)
                try:
                    data = os.read(station_end, 65536)
                except BlockingIOError:
                    continue
                heard += [item.message.seq for item in decoder.feed(data)
                          if isinstance(item, Received)]
    finally:
        os.close(station_end)
        radio.close()
    return heard


async def test_late_frames_keep_their_order_both_ways() -> None:
    late = AirFaults(latency=(0.0, 0.02))
    assert await _heard_down(late) == list(range(1, FRAMES + 1))
    assert await _heard_up(late) == list(range(1, FRAMES + 1))


async def test_reordering_air_lets_a_late_frame_be_overtaken() -> None:
    reordering = AirFaults(latency=(0.0, 0.02), reorder=True)
    down = await _heard_down(reordering)
    assert sorted(down) == list(range(1, FRAMES + 1)) and down != sorted(down)
    up = await _heard_up(reordering)
    assert sorted(up) == list(range(1, FRAMES + 1)) and up != sorted(up)
