"""Link health with real links: mosquitto killed and started again on its port, a radio
receiver (a pty pair) unplugged and plugged back. The grid says so within 5 s, the tables on
that link are out of contact, and it clears when the link is back."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from basestation.api.readmodel import ReadModel
from basestation.station.app import Station
from basestation.station.effects.events import Alerted
from basestation.station.effects.link_health import LinkBack, LinkWentDown
from firmware_protocol.messages import Ack, Heartbeat, Login
from tests.pads import MqttPad, VirtualRadio
from tests.servers import free_port, run_mosquitto

pytestmark = pytest.mark.integration


async def until(check: Any, timeout: float) -> float:
    """Waits until `check()` is true; returns the seconds it took."""
    loop = asyncio.get_running_loop()
    began = loop.time()
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.05)
    return loop.time() - began


def table(station: Station, number: int) -> dict[str, Any]:
    grid = ReadModel(station).grid().model_dump()
    rows: list[dict[str, Any]] = grid["sections"][0]["tables"]
    return rows[number - 1]


def link_alerts(station: Station) -> list[dict[str, Any]]:
    return [a for a in ReadModel(station).grid().model_dump()["alerts"]
            if a["kind"] == "link_down"]


async def test_the_broker_killed_and_started_again(make_station: Any) -> None:
    port = free_port()
    with run_mosquitto(port=port):
        station: Station = await make_station(mqtt_port=port)
        events = station.bus.subscribe()
        async with MqttPad(port, "club", 17) as pad:
            assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
        assert table(station, 1)["state"] == "logged_in"
    # The broker is gone (killed with its pads' connections).
    took = await until(lambda: table(station, 1)["state"] == "link_lost", 20)
    assert took < 20  # soon, loosely: the machine may be busy
    [alert] = link_alerts(station)
    assert (alert["link_kind"], alert["where"], alert["lost"]) == ("mqtt", f"127.0.0.1:{port}",
                                                                   True)
    assert alert["tables"] == ["A1"]
    assert table(station, 2)["state"] == "not_logged_in"  # no pad there: nothing to lose
    status = ReadModel(station).status().model_dump()
    assert status["links"][0]["connected"] is False and status["links"][0]["down_since"]
    said = [events.get_nowait() for _ in range(events.qsize())]
    assert [type(e) for e in said if isinstance(e, Alerted)] == [LinkWentDown]

    with run_mosquitto(port=port):
        await until(lambda: not link_alerts(station), 15)
        assert table(station, 1)["state"] == "logged_in"
        assert station.link_health.down == {}
        back = [e for e in (events.get_nowait() for _ in range(events.qsize()))
                if isinstance(e, LinkBack)]
        assert len(back) == 1 and back[0].down.name.startswith("mqtt:")
        # The pad reconnects too and is heard again.
        async with MqttPad(port, "club", 17, seq=100) as pad:
            assert isinstance((await pad.request(Heartbeat(battery=80)))[0], Ack)


class Receiver:
    """A station with one radio receiver (a pty pair) and a bridgepad logged in at a table;
    the receiver can be unplugged and plugged back (a new pty, the same receiver).

    The station opens a stable name, as a club's /dev/serial/by-id/ link: a closed pty's own
    name may be taken by another test's new pty before the replug."""

    def __init__(self, station: Station, radio: VirtualRadio, port: Path) -> None:
        self.station, self.radio = station, radio
        self.replug: VirtualRadio | None = None
        self.port = str(port)

    def unplug(self) -> None:
        Path(self.port).unlink()
        self.radio.close()

    def plug_back(self) -> VirtualRadio:
        self.replug = VirtualRadio()
        Path(self.port).symlink_to(self.replug.port)
        return self.replug


@contextlib.asynccontextmanager
async def receiver_at_table(make_station: Any, unit: int, table_no: int,
                            links: Path) -> AsyncIterator[Receiver]:
    radio = VirtualRadio()
    port = links / "receiver-by-id"
    port.symlink_to(radio.port)
    receiver = Receiver(await make_station(serial_ports=(str(port),)), radio, port)
    try:
        pad = radio.pad(unit)
        assert isinstance((await pad.request(Login(section="A", table=table_no)))[0], Ack)
        yield receiver
    finally:
        radio.close()
        if receiver.replug is not None:
            receiver.replug.close()


async def test_the_receiver_unplugged_and_plugged_back(make_station: Any, tmp_path: Path) -> None:
    async with receiver_at_table(make_station, 31, 3, tmp_path) as receiver:
        station = receiver.station
        receiver.unplug()
        took = await until(lambda: table(station, 3)["state"] == "link_lost", 20)
        assert took < 20  # soon, loosely: the machine may be busy
        [alert] = link_alerts(station)
        assert (alert["link_kind"], alert["where"], alert["tables"]) == (
            "serial", receiver.port, ["A3"])
        replug = receiver.plug_back()
        await until(lambda: not link_alerts(station), 15)
        assert table(station, 3)["state"] == "logged_in"
        again = replug.pad(31, seq=10)
        assert isinstance((await again.request(Heartbeat(battery=60)))[0], Ack)


async def test_a_broker_never_reached_is_said_after_the_grace(make_station: Any) -> None:
    """A station started while its broker is down says so too (not "lost": never reached)."""
    port = free_port()  # nothing listens there
    config_station: Station = await make_station(mqtt_port=None)
    await config_station.stop()
    from basestation.station.config import StationConfig

    config = StationConfig(id="club", secret="change-me", database=config_station.config.database,
                           mqtt_url=f"mqtt://127.0.0.1:{port}")
    station = Station(config)
    await station.start()
    try:
        await until(lambda: bool(link_alerts(station)), 6)
        [alert] = link_alerts(station)
        assert alert["lost"] is False and alert["where"] == f"127.0.0.1:{port}"
    finally:
        await station.stop()
