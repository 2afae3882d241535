"""The MQTT handler under random and hostile payloads, through a real mosquitto: the station
answers or ignores each one, never crashes, and a good pad is still served afterwards."""

from __future__ import annotations

import asyncio
import random
import socket
from pathlib import Path

import aiomqtt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.links.mqtt import MqttLink
from firmware_protocol.messages import Ack, ErrorCode, Login, Message, Received
from tests.hardening.fuzzing import fuzz_settings
from tests.hardening.hostile import hostile, signed
from tests.helpers import result
from tests.pads import MqttPad
from tests.servers import fresh_database

GOOD = 42


async def publish_all(port: int, items: list[tuple[str, bytes]]) -> None:
    async with aiomqtt.Client("127.0.0.1", port, identifier="hostile",
                              socket_options=((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),),
                              max_inflight_messages=64) as client:
        for level, payload in items:
            await client.publish(f"bridge/club/pad/{level}/up", payload, qos=1)


@pytest.mark.integration
async def test_hostile_traffic_then_a_good_pad(mqtt_station: Station, mosquitto: int) -> None:
    station = mqtt_station
    link = station.mqtt
    assert link is not None
    async with MqttPad(mosquitto, "club", GOOD) as pad:
        assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        first = pad.send(result(1, 1, 1))
        assert isinstance((await pad.answer(first))[0], Ack)
        items = hostile(random.Random(8), GOOD)
        before = link.received + link.unread
        await publish_all(mosquitto, items)
        async with asyncio.timeout(60):  # each one read, or dropped unread (its lane full)
            while link.received + link.unread < before + len(items):
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # the hub's last batch
        assert all(not task.done() for task in station._tasks), "a station task ended"
        assert link.malformed > 100 and station.hub.refusals.bad_frames > 100
        assert station.hub.units[GOOD].bad_macs >= 38  # counted, and the unit not locked
        # The good pad carries on: the same table, its next result, a repeat of its first.
        # (Its inbox holds the BAD_MAC naks for the forgeries, under station seq 0, which
        # firmware drops; its own seqs go on past the forged ones.)
        while not pad.inbox.empty():
            stale = pad.inbox.get_nowait()
            assert stale.seq != 0 or getattr(stale.body, "code", None) == ErrorCode.BAD_MAC
        pad.seq = 100
        answer = await pad.answer(pad.send(result(1, 1, 2)))
        assert isinstance(answer[0], Ack), answer
        pad.send(result(1, 1, 1), seq=first)
        assert isinstance((await pad.answer(first))[0], Ack)
    held = station.session.sections["A"].all_results()
    assert sorted((h.table, h.round, h.board) for h in held) == [(1, 1, 1), (1, 1, 2)]


def offline_station(folder: Path, migrated: Path) -> Station:
    # A migrated copy: running every migration was most of an example's time.
    config = StationConfig(id="club", database=fresh_database(folder / "station.db", migrated))
    station = Station(config)
    station.open_event("Fuzz", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    return station


def signed_result(unit: int, table: int, board: int, seq: int) -> bytes:
    return signed(Message(unit, seq, result(table, 1, board)))


topic_levels = st.sampled_from(["1", "42", "65535", "0", "abc", "", "-5", "9" * 30]) | \
    st.integers(0, 70000).map(str)
payloads = st.binary(max_size=1024) | st.builds(
    signed_result, st.integers(1, 100), st.integers(1, 3), st.integers(1, 6),
    st.integers(0, 2**32 - 1))


# Most of an example's time is its station (a new engine compiles every query again): a third
# of the examples, with longer lists, send as many payloads (960 in a run, 1,007 before).
@fuzz_settings(1 / 6)
@given(st.lists(st.tuples(topic_levels, payloads), min_size=8, max_size=40))
def test_fuzz_receive_and_handle_never_raise(tmp_path_factory: pytest.TempPathFactory,
                                             migrated_database: Path,
                                             items: list[tuple[str, bytes]]) -> None:
    """Straight into the link's receive and the hub's handling, without a broker: no input
    makes either raise (the hub's batch loop would catch it, but the pad would get no
    answer)."""
    station = offline_station(tmp_path_factory.mktemp("fuzz"), migrated_database)
    link = MqttLink(station.hub, "mqtt://127.0.0.1:1", "club")
    failed: list[Received] = []
    # A message whose handling raised is answered INTERNAL: none may be.
    station.hub.refusals.internal = lambda received, link: failed.append(received)  # type: ignore[method-assign]
    for level, payload in items:
        link._receive(f"bridge/club/pad/{level}/up", payload)

    async def handled() -> None:
        while (await station.hub.step()).taken:
            pass

    asyncio.run(handled())
    station.store.close()
    assert failed == []
