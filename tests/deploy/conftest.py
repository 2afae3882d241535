"""The shipped deploy/ files, run for real: mosquitto with its ACL, stations with credentials."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Iterator
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import Any

import aiomqtt
import httpx
import pytest
from typer.testing import CliRunner

from basestation.cli import app
from basestation.cli.units import mqtt_password, unit_username
from basestation.station.app import Station
from basestation.station.config import SectionConfig, load_config
from basestation.station.core.units import epoch_key
from basestation.store import repository as repo
from basestation.store.repository import Store
from simulator.broker import PORT_TRIES, PortTaken, dynsec_plugin, run_mosquitto_conf
from tests.pads import MqttPad
from tests.servers import free_port

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SECRET = "station-secret-for-tests-91c4"
STATION_USER = "basestation"
STATION_PASSWORD = "station-broker-password-5e2a"
DIRECTOR_PASSWORD = "director-password-77b1"


def deploy_mosquitto_conf(port: int, files: Path, data: Path, websockets: int,
                          name: str = "mosquitto.conf", station: int | None = None,
                          ipv6: bool = False) -> str:
    """deploy/mosquitto/<name> with test ports and paths, everything else as shipped: `port` for
    the pads' listener (1883; with `ipv6` on ::1 as well), `websockets` for the
    browser pads' (9001), `station` for the station's own (1884)."""
    text = (DEPLOY / "mosquitto" / name).read_text()
    text = text.replace("/opt/basestation/lib/mosquitto_dynamic_security.so", dynsec_plugin())
    start = text.index("listener 1883\n")
    block = text[start:text.index("\n\n", start)]  # the listener and its own settings
    pads = block.replace("listener 1883", f"listener {port} 127.0.0.1")
    if ipv6:
        pads += "\n" + block.replace("listener 1883", f"listener {port} ::1")
    text = text.replace(block, pads)
    text = text.replace("listener 9001", f"listener {websockets} 127.0.0.1")
    text = text.replace("listener 1884 127.0.0.1", f"listener {station or free_port()} 127.0.0.1")
    text = text.replace("/etc/basestation/mosquitto/", f"{files}/")
    text = text.replace("/var/lib/mosquitto/", f"{data}/")
    # Its log, where the tests read it: with the listeners it opens, so that one it cannot
    # bind is named (simulator.broker picks that port again).
    text = text.replace("log_dest syslog", "log_dest stderr\nlog_type information")
    if os.geteuid() == 0:
        # As root mosquitto drops to user `mosquitto`, which cannot read the test's tmp files.
        text = "user root\n" + text
    return text


@dataclass(frozen=True)
class BrokerPorts:
    pads: int  # 1883 as shipped
    websockets: int  # 9001
    station: int  # 1884, the station's own


@contextlib.contextmanager
def run_deploy_mosquitto(files: Path, workdir: Path, websockets: int | None = None, *,
                         name: str = "mosquitto.conf", port: int | None = None,
                         ipv6: bool = False) -> Iterator[BrokerPorts]:
    """The shipped broker (`name`: mosquitto.conf with the dynamic-security plugin, its file in
    workdir/mosquitto-data as install.sh leaves it; or mosquitto-files.conf) with the pads'
    listener on `port` or a free one, the WebSockets listener on `websockets` or a free one and
    the station's own on a free one. A port picked here that another program takes before
    mosquitto binds it is picked again; one the caller gave that is taken raises PortTaken."""
    data = workdir / "mosquitto-data"
    data.mkdir(exist_ok=True)
    conf = workdir / "mosquitto.conf"
    for attempt in range(1, PORT_TRIES + 1):
        ports = BrokerPorts(port or free_port(), websockets or free_port(), free_port())
        conf.write_text(deploy_mosquitto_conf(ports.pads, files, data, ports.websockets, name,
                                              ports.station, ipv6))
        running = contextlib.ExitStack()
        try:
            running.enter_context(run_mosquitto_conf(conf, *astuple(ports)))
        except PortTaken as taken:
            if taken.port in (port, websockets) or attempt == PORT_TRIES:
                raise
            continue
        with running:
            yield ports
        return


def unit_login(unit: int, epoch: int = 0) -> tuple[str, str]:
    """What a pad computes for itself: its broker user name and password (SPEC.md 10.3)."""
    return unit_username(unit), mqtt_password(epoch_key(SECRET, unit, epoch))


class AuthPad(MqttPad):
    """A BridgeScorer that logs in to the broker (anonymous pads are refused)."""

    def __init__(self, port: int, station: str, unit: int, *, username: str, password: str,
                 host: str = "127.0.0.1", **kwargs: Any) -> None:
        super().__init__(port, station, unit, secret=SECRET, **kwargs)
        self.username = username
        self.password = password
        self.host = host

    async def __aenter__(self) -> AuthPad:
        self._client = aiomqtt.Client(self.host, self.port, identifier=f"testpad-{self.unit}",
                                      username=self.username, password=self.password)
        await self._client.__aenter__()
        await self._client.subscribe(self.down, qos=1)
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._write())]
        return self


@pytest.fixture
async def snoop() -> AsyncIterator[Any]:
    """Opens raw broker clients that collect whatever reaches them."""
    clients: list[aiomqtt.Client] = []
    tasks: list[asyncio.Task[None]] = []

    async def open_client(port: int, username: str | None, password: str | None,
                          topics: list[str]) -> list[tuple[str, bytes]]:
        seen: list[tuple[str, bytes]] = []
        client = aiomqtt.Client("127.0.0.1", port, username=username, password=password,
                                identifier=f"snoop-{len(clients)}")
        await client.__aenter__()
        clients.append(client)
        for topic in topics:
            await client.subscribe(topic, qos=1)

        async def read() -> None:
            async for message in client.messages:
                payload = message.payload if isinstance(message.payload, bytes) else b""
                seen.append((message.topic.value, payload))

        tasks.append(asyncio.create_task(read()))
        return seen

    yield open_client
    for task in tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    for client in clients:
        with contextlib.suppress(Exception):
            await client.__aexit__(None, None, None)


async def pair(client: httpx.AsyncClient, unit: int) -> bytes:
    """Pairs (or re-pairs) `unit` through the API; the key the director is shown."""
    answer = await client.post(f"/api/units/{unit}/pair")
    assert answer.status_code == 200, answer.text
    return bytes.fromhex(answer.json()["key"])


@dataclass
class Club:
    port: int  # the broker's listener for pads (1883 as shipped)
    station: Station
    config: Path
    websockets: int = 0  # the broker's WebSockets listener (the browser pad's)
    station_port: int = 0  # the broker's listener for the station alone (1884)
    url: str = ""  # the director's and the pads' pages, when served (tests/conftest.py's club)


def write_config(path: Path, database: Path, port: int | None, dynsec: bool = False) -> None:
    url = f'url = "mqtt://127.0.0.1:{port}"\n' if port else ""
    url += f"dynamic_security = {'true' if dynsec else 'false'}\n"
    path.write_text(f"""
[station]
id = "club"
secret = "{SECRET}"
database = "sqlite:///{database}"
director_password = "{DIRECTOR_PASSWORD}"

[mqtt]
{url}username = "{STATION_USER}"
password = "{STATION_PASSWORD}"
""")


@contextlib.asynccontextmanager
async def secured_club(tmp_path: Path, *, use_binary: bool = True, files: bool = False,
                       ipv6: bool = False) -> AsyncIterator[Club]:
    """Units 17, 18 (re-paired once: epoch 1) and 19 registered; the shipped broker config set
    up as install.sh does (the dynamic-security plugin with the station as its admin; with
    `files`, mosquitto-files.conf and the files `basestation units mosquitto` writes); a station
    with its own login, running, and (dynamic security) the units' logins in step."""
    database = tmp_path / "station.db"
    config = tmp_path / "station.toml"
    write_config(config, database, None, dynsec=not files)
    store = Store(f"sqlite:///{database}")
    store.commit([repo.upsert_unit({"unit": 17}), repo.upsert_unit({"unit": 18, "key_epoch": 1}),
                  repo.upsert_unit({"unit": 19})])
    store.close()
    folder = tmp_path / "mosquitto"
    if files:
        args = ["units", "mosquitto", "--out", str(folder), "--config", str(config)]
        if not use_binary:
            args.append("--no-mosquitto-passwd")
    else:
        plugin_file = tmp_path / "mosquitto-data" / "dynamic-security.json"  # as install.sh
        args = ["units", "dynsec-init", "--out", str(plugin_file), "--config", str(config)]
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    assert SECRET not in done.output and STATION_PASSWORD not in done.output
    if files:
        assert STATION_PASSWORD not in (folder / "passwords").read_text()  # hashed, never plain
    name = "mosquitto-files.conf" if files else "mosquitto.conf"
    with run_deploy_mosquitto(folder, tmp_path, name=name, ipv6=ipv6) as ports:
        # The station by its own listener, as deploy/station.toml has it.
        write_config(config, database, ports.station, dynsec=not files)
        station = Station(load_config(config))
        station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
        await station.start()
        link = station.mqtt
        assert link is not None
        async with asyncio.timeout(10):
            await link.connected.wait()
        if station.logins is not None:  # a loaded machine may take a while: no hurry here
            for unit in (17, 18, 19):
                assert await station.logins.settle(unit, timeout=10)
        try:
            yield Club(ports.pads, station, config, ports.websockets, ports.station)
        finally:
            await station.stop()
