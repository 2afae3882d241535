"""A real install, played against: run only by scripts/install-test.sh, which installs the
project with deploy/install.sh in a clean Debian 12 root, starts its services as installed (in
a network namespace of their own: the station on 8000, the broker on 1883/1884 as shipped) and
runs each phase here in turn: `installed` (the director logs in; the club edits station.toml
as INSTALL.md says: its receiver and the night's event), `night` (a pad paired from the
console and a bridgepad on the pty receiver play over the installed broker; results read
back), `upgraded` (install.sh run again: data, logins and the edited station.toml kept),
`second` (install.sh --instance second: a second event beside the first, on the same broker,
each console linking to the other, each event's pads kept to their own event)."""

from __future__ import annotations

import asyncio
import json
import os
import tomllib
from pathlib import Path

import aiomqtt
import httpx
import pytest

from basestation.movements import generate
from firmware_protocol.messages import Ack, Login, Result, Seat
from firmware_protocol.security import mqtt_password, unit_username
from tests.deploy.conftest import AuthPad
from tests.deploy.test_two_processes import ask
from tests.helpers import director
from tests.pads import VirtualRadio

ROOT = os.environ.get("BASESTATION_INSTALL_ROOT")
PHASE = os.environ.get("BASESTATION_INSTALL_PHASE")
pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(ROOT is None, reason="run by scripts/install-test.sh")]
STATION = "http://127.0.0.1:8000"
RECEIVER = "/var/lib/basestation/receiver"  # the club's [[serial]] port, a link to the pty
EVENT = """
# The club's night (INSTALL.md, section 1).
[event]
name = "Tuesday pairs"
[[event.section]]
letter = "A"
movement = "mitchell"
tables = 3
boards = 6
"""


def root() -> Path:
    assert ROOT is not None
    return Path(ROOT)


def state() -> Path:
    return Path(os.environ["BASESTATION_INSTALL_STATE"])


def config(name: str = "station") -> dict[str, dict[str, object]]:
    with (root() / f"etc/basestation/{name}.toml").open("rb") as f:
        return tomllib.load(f)


def owner(path: Path) -> tuple[str, str]:
    """Who owns `path`, by the root's own user and group names."""
    info = path.stat()
    users = {int(line.split(":")[2]): line.split(":")[0]
             for line in (root() / "etc/passwd").read_text().splitlines()}
    groups = {int(line.split(":")[2]): line.split(":")[0]
              for line in (root() / "etc/group").read_text().splitlines()}
    return users[info.st_uid], groups[info.st_gid]


async def answering(station: str = STATION) -> None:
    """Returns once the installed station answers, logged in to its broker (its first start
    creates the database)."""
    async with httpx.AsyncClient(base_url=station) as client:
        for _ in range(180):
            try:
                status = (await client.get("/api/status")).json()
                if all(link["connected"] for link in status["links"]
                       if link["name"].startswith("mqtt")):
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.5)
    raise AssertionError("the installed station never answered, logged in to its broker")


def password(name: str = "station") -> str:
    """The director's password install.sh wrote for the event `name`."""
    return str(config(name)["station"]["director_password"])


def played(table: int, nth: int) -> Result:
    at = generate("mitchell", 3, 6).at(1, table)
    assert at is not None and at.ns is not None and at.ew is not None
    return Result(section="A", table=table, round=1, board=at.boards[nth], ns=at.ns, ew=at.ew,
                  contract="4S", declarer=Seat.S, tricks=10, lead=None)


async def pad_of(unit: int, key: bytes, station: str = "club") -> AuthPad:
    for _ in range(100):
        pad = AuthPad(1883, station, unit, username=unit_username(unit),
                      password=mqtt_password(key))
        pad.key = key
        try:
            return await pad.__aenter__()
        except aiomqtt.MqttError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"unit {unit} never let in to the installed broker")


async def receiver() -> VirtualRadio:
    """The club's radio receiver: a pty, linked where the club's station.toml says."""
    radio = VirtualRadio()
    os.chmod(radio.port, 0o666)  # the station runs as user basestation
    link = root() / RECEIVER.lstrip("/")
    link.unlink(missing_ok=True)
    link.symlink_to(radio.port)
    return radio


async def wait_for_receiver(client: httpx.AsyncClient) -> None:
    for _ in range(100):
        links = (await client.get("/api/status")).json()["links"]
        if any(link["connected"] for link in links if link["name"] == f"serial:{RECEIVER}"):
            return
        await asyncio.sleep(0.2)
    raise AssertionError(f"the station never opened its receiver: {links}")


async def results(client: httpx.AsyncClient) -> list[tuple[int | None, int]]:
    answer = await client.get("/api/sections/A/results")
    assert answer.status_code == 200, answer.text
    return sorted((r["unit"], r["board"]) for r in answer.json())


def files_as_installed() -> None:
    """Owners and modes install.sh promises (a wrong owner stops mosquitto: "File is not
    readable")."""
    conf = root() / "etc/basestation/station.toml"
    assert owner(conf) == ("root", "basestation") and conf.stat().st_mode & 0o777 == 0o640
    if config()["mqtt"].get("dynamic_security"):
        dynsec = root() / "var/lib/mosquitto/dynamic-security.json"
        assert owner(dynsec)[0] == "mosquitto"
    assert owner(root() / "var/lib/basestation") == ("basestation", "basestation")


@pytest.mark.skipif(PHASE != "installed", reason="another phase")
async def test_installed() -> None:
    files_as_installed()
    database = str(config()["station"]["database"])
    kind = os.environ["BASESTATION_INSTALL_DB"]
    assert database.startswith("postgresql" if kind == "postgresql" else "sqlite")
    await answering()
    async with director(STATION, password=password()) as client:
        assert (await client.get("/api/units")).status_code == 200
    # The club's edit (INSTALL.md): its receiver's port, and tonight's event.
    conf = root() / "etc/basestation/station.toml"
    text = conf.read_text().replace('port = "/dev/ttyUSB0"', f'port = "{RECEIVER}"')
    conf.write_text(text + EVENT)


@pytest.mark.skipif(PHASE != "night", reason="another phase")
async def test_night() -> None:
    radio = await receiver()
    await answering()
    try:
        async with director(STATION, password=password()) as client:
            await wait_for_receiver(client)
            answer = await client.post("/api/units/17/pair")  # the console's Pair button
            assert answer.status_code == 200, answer.text
            key = bytes.fromhex(answer.json()["key"])
            (state() / "unit17.json").write_text(json.dumps({"key": key.hex()}))
            pad = await pad_of(17, key)
            try:
                assert isinstance(await ask(pad, Login(section="A", table=1)), Ack)
                assert isinstance(await ask(pad, played(1, 0)), Ack)
                (state() / "unit17.json").write_text(json.dumps({"key": key.hex(),
                                                                  "seq": pad.seq}))
            finally:
                await pad.__aexit__(None, None, None)
            secret = str(config()["station"]["secret"])
            bridgepad = radio.pad(102, secret=secret)
            assert isinstance(await ask(bridgepad, Login(section="A", table=2)), Ack)  # type: ignore[arg-type]
            assert isinstance(await ask(bridgepad, played(2, 0)), Ack)  # type: ignore[arg-type]
            (state() / "unit102.json").write_text(json.dumps({"seq": bridgepad.seq}))
            assert await results(client) == sorted([(17, played(1, 0).board),
                                                    (102, played(2, 0).board)])
    finally:
        radio.close()


@pytest.mark.skipif(PHASE != "upgraded", reason="another phase")
async def test_upgraded() -> None:
    files_as_installed()
    conf = (root() / "etc/basestation/station.toml").read_text()
    assert f'port = "{RECEIVER}"' in conf and 'name = "Tuesday pairs"' in conf  # kept
    radio = await receiver()
    await answering()  # the same password
    try:
        async with director(STATION, password=password()) as client:
            await wait_for_receiver(client)
            before = await results(client)
            assert before == sorted([(17, played(1, 0).board), (102, played(2, 0).board)])  # kept
            saved = json.loads((state() / "unit17.json").read_text())
            # The pad paired before the upgrade logs in with the same key: its login was kept.
            pad = await pad_of(17, bytes.fromhex(saved["key"]))
            pad.seq = saved["seq"]
            try:
                assert isinstance(await ask(pad, played(1, 1)), Ack)
            finally:
                await pad.__aexit__(None, None, None)
            bridgepad = radio.pad(102, secret=str(config()["station"]["secret"]),
                                  seq=json.loads((state() / "unit102.json").read_text())["seq"])
            assert isinstance(await ask(bridgepad, played(2, 1)), Ack)  # type: ignore[arg-type]
            assert len(await results(client)) == 4
    finally:
        radio.close()


@pytest.mark.skipif(PHASE != "second", reason="another phase")
async def test_second() -> None:
    second = root() / "etc/basestation/second.toml"
    assert owner(second) == ("root", "basestation") and second.stat().st_mode & 0o777 == 0o640
    own = config("second")
    assert own["station"]["id"] == "second" and own["station"]["http"] == "0.0.0.0:8001"
    assert own["serial"][0]["channel"] == 18  # type: ignore[index]
    assert own["mqtt"]["username"] == config()["mqtt"]["username"]
    assert own["station"]["secret"] != config()["station"]["secret"]
    await answering()
    await answering("http://127.0.0.1:8001")
    async with director(STATION, password=password()) as first, \
            director("http://127.0.0.1:8001", password=password("second")) as other:
        # Each console links to the other.
        assert (await first.get("/api/consoles")).json() == [
            {"name": "Event second", "url": ":8001/"}]
        assert (await other.get("/api/consoles")).json() == [
            {"name": "First event", "url": ":8000/"}]
        # The second event's director opens its night (the set-up page's call).
        opened = await other.post("/api/events", json={
            "name": "Second pairs", "sections": [{"letter": "A", "tables": 3, "boards": 6}]})
        assert opened.status_code == 201, opened.text
        # Its own pad, paired from its console, plays in it.
        answer = await other.post("/api/units/27/pair")
        assert answer.status_code == 200, answer.text
        pad = await pad_of(27, bytes.fromhex(answer.json()["key"]), "second")
        try:
            assert isinstance(await ask(pad, Login(section="A", table=1)), Ack)
        finally:
            await pad.__aexit__(None, None, None)
        # The first event's pad cannot reach the second's topics.
        key = bytes.fromhex(json.loads((state() / "unit17.json").read_text())["key"])
        async with aiomqtt.Client("127.0.0.1", 1883, username=unit_username(17),
                                  password=mqtt_password(key)) as stray:
            granted = await stray.subscribe("bridge/second/pad/17/down", qos=1)
            assert [int(getattr(code, "value", code)) for code in granted] == [0x80]
        assert len(await results(first)) == 4  # the first event's night, untouched
