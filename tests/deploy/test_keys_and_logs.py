"""Re-pairing rotates a unit's key (persisted; the old key gets BAD_MAC), and no secret ever
reaches the logs during a session with pairing, re-pairing and a bad MAC."""

from __future__ import annotations

import logging

import pytest
from sqlmodel import Session

from basestation.cli.units import mqtt_password
from basestation.station.app import Station
from basestation.station.config import load_config
from basestation.store.models import UnitRow
from firmware_protocol.messages import Ack, ErrorCode, Hello, Login, Nak, Result, Seat
from firmware_protocol.security import unit_key
from tests.deploy.conftest import (
    DIRECTOR_PASSWORD,
    SECRET,
    STATION_PASSWORD,
    AuthPad,
    Club,
    pair,
    unit_login,
)
from tests.helpers import director

pytestmark = pytest.mark.integration


# The logins in password files, hashed by mosquitto_passwd (tests/conftest.py's club).
BROKERS = ("mosquitto_passwd",)


def epoch_of(station: Station, unit: int) -> int:
    with Session(station.store.engine) as session:
        row = session.get(UnitRow, unit)
        assert row is not None
        return row.key_epoch


async def hello_answer(pad: AuthPad, key: bytes) -> Ack | Nak:
    answer = (await pad.request(Hello(firmware="t", battery=90), key=key))[0]
    assert isinstance(answer, Ack | Nak)
    return answer


async def test_repairing_rotates_the_key(club: Club) -> None:
    async with director(club.station) as client:
        first = await pair(client, 42)  # a new unit: epoch 0, DESIGN's derivation
        assert first == unit_key(SECRET, 42) and epoch_of(club.station, 42) == 0
        username, password = unit_login(17)
        async with AuthPad(club.port, "club", 17, username=username, password=password) as pad:
            assert isinstance(await hello_answer(pad, unit_key(SECRET, 17)), Ack)
            second = await pair(client, 17)  # known (registered): moves to the next epoch
            assert second != unit_key(SECRET, 17) and epoch_of(club.station, 17) == 1
            old = await hello_answer(pad, unit_key(SECRET, 17))
            assert isinstance(old, Nak) and old.code == ErrorCode.BAD_MAC
            assert isinstance(await hello_answer(pad, second), Ack)
            third = await pair(client, 17)
            assert third not in (second, first) and epoch_of(club.station, 17) == 2
            stale = await hello_answer(pad, second)
            assert isinstance(stale, Nak) and stale.code == ErrorCode.BAD_MAC
    # After a restart the station still holds epoch 2: only the newest key verifies.
    await club.station.stop()
    restarted = Station(load_config(club.config))
    await restarted.start()
    try:
        assert restarted.hub.units[17].key == third
        assert restarted.hub.key_for(17, 2) == third
    finally:
        await restarted.stop()
        await club.station.start()  # the fixture stops it again


async def test_a_wiped_pad_re_paired_continues_above_its_old_seqs(club: Club) -> None:
    """A pad that lost its memory is re-paired under the same unit id and starts its counter
    again: the station's REPLAY names the highest seq it has seen, and the pad goes on above
    it (SPEC.md 6.2). Nothing it sent before is taken for new."""
    async with director(club.station) as client:
        username, password = unit_login(17)
        async with AuthPad(club.port, "club", 17, username=username, password=password) as pad:
            pad.seq = 40
            for _ in range(3):
                assert isinstance(await hello_answer(pad, unit_key(SECRET, 17)), Ack)
            key = await pair(client, 17)
            pad.seq = 1  # a new counter: the pad's memory was wiped
            refused = await hello_answer(pad, key)
            assert isinstance(refused, Nak) and refused.code == ErrorCode.REPLAY
            assert refused.detail == "42"
            pad.seq = int(refused.detail) + 1
            assert isinstance(await hello_answer(pad, key), Ack)
            assert club.station.hub.units[17].last_seq == 43


async def test_no_secret_reaches_the_logs(club: Club, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="basestation.mqtt.client")
    keys: list[bytes] = [unit_key(SECRET, u) for u in (17, 18, 19)]
    async with director(club.station) as client:
        assert (await client.post("/api/login", json={"password": "wrong guess"})).status_code
        keys.append(await pair(client, 17))
        keys.append(await pair(client, 17))
        keys.append(await pair(client, 23))
        username, password = unit_login(17)
        async with AuthPad(club.port, "club", 17, username=username, password=password) as pad:
            pad.key = keys[-2]
            assert isinstance(await hello_answer(pad, keys[0]), Nak)  # bad MAC
            assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
            result = Result(section="A", table=1, round=1, board=1, ns=1, ew=1, contract="4S",
                            declarer=Seat.S, tricks=10, lead="HK")
            assert isinstance((await pad.request(result))[0], Ack)
            pad.transmit_raw(b'{"v":1,"type":"hello","unit":17,"seq":99,"body":{},"mac":"00"}')
            assert isinstance(await hello_answer(pad, keys[-2]), Ack)
    secrets = [SECRET, DIRECTOR_PASSWORD, STATION_PASSWORD, *(password for _, password in
               (unit_login(u, e) for u in (17, 18, 19) for e in range(3)))]
    for key in keys:
        secrets += [key.hex(), key.hex().upper(), repr(key), mqtt_password(key)]
    logged = caplog.text + "\n".join(str(r.args) for r in caplog.records)
    assert caplog.records, "the session logged nothing: the check would be empty"
    leaked = [s for s in secrets if s in logged]
    assert leaked == []
