"""The pads' broker logins kept by the station through mosquitto's dynamic-security plugin, on
real mosquitto with the real station: pairing and re-pairing a unit from the director's API
change what the broker lets in, at once, with no file and no shell; a withdrawn, locked or
replaced unit keeps its login, so what its pad still holds reaches the director."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Literal

import aiomqtt
import pytest

from basestation.station.app import Station
from basestation.station.config import StationConfig, load_config
from basestation.station.links import dynsec
from firmware_protocol.messages import TO_DIRECTOR, Ack, ErrorCode, Hello, Locked, Login, Nak
from firmware_protocol.security import mqtt_password, unit_username
from simulator.broker import Dynsec, run_mosquitto
from tests.deploy.conftest import (
    DIRECTOR_PASSWORD,
    SECRET,
    STATION_PASSWORD,
    STATION_USER,
    AuthPad,
    Club,
    pair,
    unit_login,
)
from tests.helpers import director, result
from tests.servers import free_port

pytestmark = pytest.mark.integration
Transport = Literal["tcp", "websockets"]


def client(port: int, unit: int, password: str, transport: Transport = "tcp") -> aiomqtt.Client:
    return aiomqtt.Client("127.0.0.1", port, username=unit_username(unit), password=password,
                          identifier=f"probe-{unit}-{transport}", transport=transport, timeout=5)


async def logs_in(port: int, unit: int, password: str, transport: Transport = "tcp") -> bool:
    try:
        async with client(port, unit, password, transport):
            return True
    except aiomqtt.MqttError:
        return False


async def logs_in_within(port: int, unit: int, password: str, seconds: float = 20.0,
                         transport: Transport = "tcp") -> float:
    """How long until the broker lets the unit in (a pad retries like this)."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    while not await logs_in(port, unit, password, transport):
        assert loop.time() - started < seconds, f"unit {unit} still refused after {seconds}s"
        await asyncio.sleep(0.1)
    return loop.time() - started


async def dropped(connection: aiomqtt.Client, seconds: float = 5.0) -> bool:
    """Whether the broker closes this connection within `seconds`."""
    try:
        async with asyncio.timeout(seconds):
            async for _ in connection.messages:
                pass
    except aiomqtt.MqttError:
        return True
    except TimeoutError:
        return False
    return True


async def test_a_paired_pad_logs_in_within_seconds_on_both_listeners(club: Club) -> None:
    assert not await logs_in(club.port, 42, unit_login(42)[1])  # not paired: no login
    async with director(club.station) as api:
        key = await pair(api, 42)
    password = mqtt_password(key)
    assert await logs_in_within(club.port, 42, password) < 20.0
    assert await logs_in(club.websockets, 42, password, "websockets")
    username = unit_username(42)
    async with AuthPad(club.port, "club", 42, username=username, password=password) as pad:
        pad.key = key
        assert isinstance((await pad.request(Hello(firmware="t", battery=90)))[0], Ack)


async def test_re_pairing_refuses_the_old_password(
        club: Club, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="basestation.mqtt.client")
    old = unit_login(17)[1]
    async with client(club.port, 17, old) as connected, director(club.station) as api:
        key = await pair(api, 17)  # a lost pad: a new key, so a new password
        assert await dropped(connected)  # the lost pad's connection goes too
    assert await logs_in_within(club.port, 17, mqtt_password(key)) < 20.0
    assert not await logs_in(club.port, 17, old)
    assert not await logs_in(club.websockets, 17, old, "websockets")
    # The commands carry the passwords: never into the log.
    assert old not in caplog.text and mqtt_password(key) not in caplog.text


async def test_withdraw_x_broker_logins_keep_the_unit_in_so_its_results_reach_director(
        club: Club) -> None:
    """Withdrawn, the unit's pad stays connected: the station takes nothing new from it, but
    what it still holds reaches the director (SPEC.md 6.5, 10.3). Pairing the unit again is
    what shuts a lost pad out for good."""
    password = unit_login(17)[1]
    async with director(club.station) as api:
        # One login, one client id (the broker's use_username_as_clientid): the unit connecting
        # again, here by the WebSockets listener, takes the first connection over.
        async with client(club.port, 17, password) as tcp, \
                client(club.websockets, 17, password, "websockets") as ws:
            assert await dropped(tcp, 2.0)
            answer = await api.post("/api/units/17/withdraw")
            assert answer.status_code == 200, answer.text
            assert answer.json()["detail"] == (
                "Unit 17 is withdrawn: its table is free and the station takes no new result "
                "from it; results its pad still holds come to you to decide.")
            assert answer.json()["pair_again"] == (
                "A lost pad keeps its login to the broker until unit 17 is paired again (so "
                "that what it holds reaches you). Pair it again now to shut it out?")
            assert not await dropped(ws, 1.0)
        assert club.station.logins is not None and await club.station.logins.settle(17)
        assert await logs_in(club.port, 17, password)
        assert await logs_in(club.websockets, 17, password, "websockets")
        key = await pair(api, 17)  # a lost pad: a new key, so the old password is refused
        assert await logs_in_within(club.port, 17, mqtt_password(key)) < 20.0
        assert not await logs_in(club.port, 17, password)
        status = (await api.get("/api/status")).json()
    assert status["health"]["broker_logins"] == "Broker logins: in step for all 3 units."


async def test_replace_x_broker_logins_unsent_entry_reaches_director(club: Club) -> None:
    """Unit 19 holds table A1; it is away with board 2 keyed when the director presses
    "Replace unit 19" and unit 17 logs in to A1 plainly (no "Take over"). Unit 19 keeps its
    broker login, so when it comes back it hears that it was replaced and its entry becomes a
    merge offer for the director; after "Reset unit 19" its login still opens the broker."""
    user19, password19 = unit_login(19)
    user17, password17 = unit_login(17)
    async with director(club.station) as api:
        async with AuthPad(club.port, "club", 19, username=user19, password=password19) as old:
            assert isinstance((await old.request(Login(section="A", table=1)))[0], Ack)
        answer = await api.post("/api/units/19/replace")
        assert answer.status_code == 200, answer.text
        async with AuthPad(club.port, "club", 17, username=user17, password=password17) as new:
            assert isinstance((await new.request(Login(section="A", table=1)))[0], Ack)
        assert club.station.hub.units[19].locked_reason == "UNIT_REPLACED"
        assert club.station.logins is not None and await club.station.logins.settle(19)
        async with AuthPad(club.port, "club", 19, username=user19, password=password19,
                           seq=10) as old:
            assert isinstance((await old.request(Hello(firmware="t", battery=60)))[0], Ack)
            async with asyncio.timeout(5):  # told at once, after the status
                while (await old.inbox.get()).body != Locked(reason=ErrorCode.UNIT_REPLACED):
                    pass
            nak = (await old.request(result(1, 1, 2, 1, 1, tricks=11)))[0]
            assert nak == Nak(re=nak.re, code=ErrorCode.UNIT_REPLACED, detail=TO_DIRECTOR)
        offers = (await api.get("/api/merge-offers")).json()
        assert [(o["unit"], o["board"]) for o in offers] == [(19, 2)]
        grid = (await api.get("/api/grid")).json()
        assert any(a["kind"] == "merge_offer" and a["unit"] == 19 for a in grid["alerts"])
        assert (await api.post("/api/units/19/reset")).status_code == 200
        assert await club.station.logins.settle(19)
        assert await logs_in(club.port, 19, password19)


async def test_withdraw_by_api_is_refused_for_an_unknown_unit(club: Club) -> None:
    async with director(club.station) as api:
        answer = await api.post("/api/units/99/withdraw")
    assert answer.status_code == 404 and answer.json() == {
        "detail": "no unit 99", "key": "unit.not_found", "values": {"unit": 99}}


async def test_a_station_restart_leaves_connected_pads_alone(club: Club) -> None:
    """The logins are already in step: a restarted station sends nothing that would kick a
    connected pad (a changed password or role), and carries on keeping them."""
    password = unit_login(19)[1]
    async with client(club.port, 19, password) as connected:
        await club.station.stop()
        station = Station(load_config(club.config))
        await station.start()
        try:
            assert station.logins is not None
            assert await station.logins.settle(17, 10) and await station.logins.settle(19, 10)
            assert not await dropped(connected, 1.0)
            async with director(station) as api:
                assert (await api.post("/api/units/18/withdraw")).status_code == 200
            assert await station.logins.settle(18)
            assert await logs_in(club.port, 18, unit_login(18, 1)[1])  # kept (SPEC.md 10.3)
        finally:
            await station.stop()
            await club.station.start()  # the fixture stops it again


async def test_the_broker_keeps_the_logins_across_its_restart(tmp_path: Path) -> None:
    """The tests' dynamic-security broker (simulator.broker.Dynsec) restarted on its folder: the
    logins the station made are still there, and the station's link comes back by itself."""
    port = free_port()
    config = StationConfig(secret=SECRET, database=f"sqlite:///{tmp_path / 's.db'}",
                           mqtt_url=f"mqtt://127.0.0.1:{port}", mqtt_username=STATION_USER,
                           mqtt_password=STATION_PASSWORD, mqtt_dynamic_security=True,
                           director_password=DIRECTOR_PASSWORD)
    broker = Dynsec(STATION_USER, STATION_PASSWORD, tmp_path / "broker")
    station = Station(config)
    with run_mosquitto(port=port, dynsec=broker):
        await station.start()
        assert station.logins is not None
        async with director(station) as api:
            key = await pair(api, 5)
            await pair(api, 6)
            old = mqtt_password(await pair(api, 6))
            await pair(api, 6)  # a lost pad: its old password is refused from now on
            assert await station.logins.settle(6)
    try:
        with run_mosquitto(port=port, dynsec=broker):
            assert await logs_in_within(port, 5, mqtt_password(key)) < 20.0
            assert not await logs_in(port, 6, old)
            async with asyncio.timeout(10):
                await station.mqtt.connected.wait()  # type: ignore[union-attr]
                while "in step for all 2" not in station.logins.status():
                    await asyncio.sleep(0.1)
    finally:
        await station.stop()


async def test_a_broker_without_the_plugin_is_a_sentence_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(dynsec, "ANSWER_WAIT", 0.5)
    caplog.set_level(logging.DEBUG)
    with run_mosquitto() as port:  # anonymous, no plugin: nobody answers $CONTROL
        station = Station(StationConfig(
            database=f"sqlite:///{tmp_path / 's.db'}", mqtt_url=f"mqtt://127.0.0.1:{port}",
            mqtt_dynamic_security=True, director_password=DIRECTOR_PASSWORD))
        await station.start()
        try:
            async with director(station) as api:
                await pair(api, 7)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(5):
                        while "does not answer" not in str(station.health()["broker_logins"]):
                            await asyncio.sleep(0.1)
                status = (await api.get("/api/status")).json()
                answer = await api.post("/api/units/7/withdraw")
        finally:
            await station.stop()
    assert status["health"]["broker_logins"].startswith(
        "Broker logins: the broker does not answer the dynamic-security plugin")
    assert answer.status_code == 200  # the station still locks it out
    assert station.hub.units[7].locked_reason is not None
