"""The shipped mosquitto configurations, the dynamic-security plugin's (mosquitto.conf, logins
kept by the station) and the file-based one (mosquitto-files.conf, with the files from
`basestation units mosquitto`): every client logs in, a unit publishes and reads only its own
topics, the station works end to end."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiomqtt
import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.cli.units import acl_text, pbkdf2_line
from basestation.station.core.units import epoch_key
from basestation.store import repository as repo
from basestation.store.repository import Store
from firmware_protocol import jsonwire
from firmware_protocol.messages import Ack, Hello, Login, Message, Result, Seat
from tests.deploy.conftest import (
    SECRET,
    STATION_USER,
    AuthPad,
    Club,
    unit_login,
    write_config,
)

pytestmark = pytest.mark.integration


# The files (hashed by mosquitto_passwd or in Python), or the shipped dynamic-security broker
# with the logins the station made: the same rules hold on each (tests/conftest.py's club).
BROKERS = ("mosquitto_passwd", "python", "dynamic-security")


def pad(club: Club, unit: int, epoch: int = 0) -> AuthPad:
    username, password = unit_login(unit, epoch)
    return AuthPad(club.port, "club", unit, username=username, password=password)


async def test_station_and_pads_work_end_to_end_with_their_logins(club: Club) -> None:
    async with pad(club, 17) as north, pad(club, 18, epoch=1) as south:
        assert isinstance((await north.request(Hello(firmware="t", battery=90)))[0], Ack)
        assert isinstance((await north.request(Login(section="A", table=1)))[0], Ack)
        south.key = club.station.hub.units[18].key  # epoch 1: the key shown at re-pairing
        assert isinstance((await south.request(Login(section="A", table=2)))[0], Ack)
        result = Result(section="A", table=1, round=1, board=1, ns=1, ew=1, contract="4S",
                        declarer=Seat.S, tricks=10, lead=None)
        answer = await north.request(result)
        assert isinstance(answer[0], Ack) and answer[0].score_ns == 420
        assert north.forged == 0 and south.forged == 0


async def test_anonymous_and_wrong_logins_are_refused(club: Club) -> None:
    username, password = unit_login(17)
    refused = [(None, None), (username, "0" * 32), ("unit-18", password),
               (STATION_USER, "wrong"), ("unit-99", password)]
    for user, secret in refused:
        with pytest.raises(aiomqtt.MqttError):
            async with aiomqtt.Client("127.0.0.1", club.port, username=user, password=secret,
                                      identifier="intruder", timeout=5):
                pass
    # Before re-pairing unit 18 logged in with its epoch-0 password: no longer.
    old_user, old_password = unit_login(18, epoch=0)
    with pytest.raises(aiomqtt.MqttError):
        async with aiomqtt.Client("127.0.0.1", club.port, username=old_user,
                                  password=old_password, identifier="old-18", timeout=5):
            pass


async def test_a_unit_cannot_publish_for_another(club: Club) -> None:
    link = club.station.mqtt
    assert link is not None
    async with pad(club, 17) as mallory:
        before = link.received
        # Unit 17 writes on unit 18's up topic and on the station's topics: all dropped.
        for topic in ("bridge/club/pad/18/up", "bridge/club/pad/18/availability",
                      "bridge/club/pad/17/down", "bridge/club/status"):
            await mallory._client.publish(topic, b'{"v":1}', qos=1)  # type: ignore[union-attr]
        forged = Message(unit=18, seq=5, body=Hello(firmware="x", battery=1))
        # Even signed with unit 18's real key (stolen, say): the broker never passes it on.
        payload = jsonwire.encode(forged, epoch_key(SECRET, 18, 1))
        await mallory._client.publish("bridge/club/pad/18/up", payload, qos=1)  # type: ignore[union-attr]
        # Its own topic still works, and one client's QoS 1 messages arrive in order:
        # once this is answered, anything earlier would already have reached the station.
        assert isinstance((await mallory.request(Hello(firmware="t", battery=80)))[0], Ack)
        assert link.received == before + 1
        assert 18 not in {u.unit for u in club.station.hub.units.values() if u.last_seen}


async def test_a_unit_cannot_read_another(club: Club, snoop: Any) -> None:
    username, password = unit_login(17)
    seen = await snoop(club.port, username, password,
                       ["bridge/club/pad/19/down", "bridge/club/pad/+/down", "bridge/club/pad/+/up",
                        "bridge/#", "#"])
    async with pad(club, 19) as victim:
        assert isinstance((await victim.request(Hello(firmware="t", battery=70)))[0], Ack)
        assert isinstance((await victim.request(Login(section="A", table=3)))[0], Ack)
        await asyncio.sleep(0.5)
    leaked = [topic for topic, _ in seen if "/pad/" in topic]
    assert leaked == []
    # What a unit may read: the station's status (retained), nothing else.
    assert {topic for topic, _ in seen} <= {"bridge/club/status"}


def test_generated_files_shape() -> None:
    acl = acl_text("club", "basestation", [18, 17])
    assert acl.index("user unit-17") < acl.index("user unit-18")
    unit_block = acl.split("user unit-17\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert unit_block == ["topic write bridge/club/pad/17/up",
                          "topic write bridge/club/pad/17/availability",
                          "topic read bridge/club/pad/17/down", "topic read bridge/club/status"]
    # mosquitto_passwd's own line for user a, password "secret" (salt fixed by the test).
    line = pbkdf2_line("a", "secret", bytes.fromhex("a4b95dc0e9d019f7ca299130"))
    assert line == ("a:$7$101$pLldwOnQGffKKZEw$mmWfc0QlraMKzUOGolNfo2h7d/V5OFkn3CBwuo0CHUYiRNQz566"
                    "+AlXDL4ALI4Wu7bhQDytOCc5o9CP5cK2z3Q==")


def test_lock_x_broker_files_a_locked_unit_keeps_its_login(tmp_path: Path) -> None:
    """Without the plugin the files are the logins: a locked unit (withdrawn or replaced) keeps
    its login, so that what its pad still holds reaches the director (SPEC.md 6.5)."""
    database = tmp_path / "station.db"
    config = tmp_path / "station.toml"
    write_config(config, database, None)
    store = Store(f"sqlite:///{database}")
    store.commit([repo.upsert_unit({"unit": 17, "locked_reason": "UNIT_LOCKED"}),
                  repo.upsert_unit({"unit": 19})])
    store.close()
    done = CliRunner().invoke(app, ["units", "mosquitto", "--out", str(tmp_path / "m"),
                                    "--config", str(config), "--no-mosquitto-passwd"])
    assert done.exit_code == 0, done.output
    assert "2 units (1 locked, kept so their results reach you)" in done.output
    for name in ("passwords", "acl"):
        text = (tmp_path / "m" / name).read_text()
        assert "unit-19" in text and "unit-17" in text
