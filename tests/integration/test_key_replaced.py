"""The director pairs a unit again while its pad plays (SPEC.md 7, 6.6), over a real pty (a
bridgepad) and a real mosquitto (a BridgeScorer): the pad still holding the old key is told
in sequence, keeps its entry and sends nothing more; given the new key it carries on at its
table, and the station ends up with every result."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from basestation.api.app import create_app
from basestation.station.app import Station
from firmware_protocol.messages import Ack, Result, Seat
from simulator.notices import Answered, GameDataReceived, KeyReplaced, Notice
from simulator.radio import VirtualRadio
from simulator.units import MqttPad, RadioPad, SimPad

pytestmark = pytest.mark.integration


@pytest.fixture
async def radio() -> AsyncIterator[VirtualRadio]:
    air = VirtualRadio()
    yield air
    air.close()


async def notice(pad: SimPad, wanted: Callable[[Notice], bool]) -> Notice:
    async with asyncio.timeout(30):  # busy machine
        while not wanted(found := await pad.notices.get()):
            pass
    return found


async def pair_again(station: Station, unit: int) -> bytes:
    """The director's pairing, through the API as the console does it: the new key."""
    app = create_app(station, manage_station=False)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://club",
                                 headers={"Origin": "http://club"}) as http:
        login = await http.post("/api/login", json={"password": "change-me"})
        assert login.status_code == 200, login.text
        paired = await http.post(f"/api/units/{unit}/pair")
        assert paired.status_code == 200, paired.text
        return bytes.fromhex(paired.json()["key"])


def sent(pad: SimPad) -> int:
    stats = pad.pad.stats
    return stats.sent + stats.retransmitted


@pytest.mark.parametrize("kind", ["radio", "mqtt"])
async def test_a_pad_whose_unit_was_paired_again_stops_then_goes_on_with_the_new_key(
        kind: str, radio: VirtualRadio, mosquitto: int, make_station: Any) -> None:
    station = await make_station(mqtt_port=mosquitto, serial_ports=(radio.port,))
    unit = 150 if kind == "radio" else 151
    pad: SimPad = RadioPad(radio, unit, "change-me") if kind == "radio" else \
        MqttPad(mosquitto, "club", unit, "change-me")
    seat = station.session.sections["A"].movement.at(1, 1)
    first, second = (Result("A", 1, 1, board, seat.ns, seat.ew, "3NT", Seat.N, 9, "S4")
                     for board in seat.boards[:2])
    await pad.power_on()
    try:
        pad.act(lambda p, now: p.login("A", 1, now))
        await notice(pad, lambda n: isinstance(n, GameDataReceived))
        pad.act(lambda p, now: p.enter(first, now))
        done = await notice(pad, lambda n: isinstance(n, Answered) and n.body == first)
        assert isinstance(done, Answered) and isinstance(done.answer, Ack)
        old = pad.memory.key
        key = await pair_again(station, unit)
        assert key != old
        # The next board goes under the old key: nak BAD_MAC in sequence, which it verifies.
        pad.act(lambda p, now: p.enter(second, now))
        await notice(pad, lambda n: isinstance(n, KeyReplaced))
        assert pad.key_replaced and pad.memory.queue == [second]
        assert pad.pad.entry_for(second.round, second.board) is not None
        before = sent(pad)
        await asyncio.sleep(4.0)  # past its retransmission timeouts: it stays silent
        assert sent(pad) == before
        held = {r.board for r in station.session.sections["A"].all_results()}
        assert held == {first.board}
        # The players key the new key in: the pad goes on at its table, nothing lost.
        await pad.pair_again(key)
        done = await notice(pad, lambda n: isinstance(n, Answered) and n.body == second)
        assert isinstance(done, Answered) and isinstance(done.answer, Ack)
        assert not pad.key_replaced and pad.memory.key == key
        held = {r.board for r in station.session.sections["A"].all_results()}
        assert held == {first.board, second.board}
    finally:
        await pad.power_off()

