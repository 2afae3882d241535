"""Two events on one night on one computer (deploy/install.sh --instance): two station
processes, each with its own configuration, database, HTTP port, radio receiver (its own
channel) and station id, on one broker as shipped (the dynamic-security plugin, both stations
its admin). Each console links to the other; each event's pads reach only their own event."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiomqtt
import pytest
from playwright.async_api import Browser, async_playwright
from typer.testing import CliRunner

from basestation.cli import app
from basestation.movements import generate
from basestation.station.core.units import epoch_key
from firmware_protocol import jsonwire
from firmware_protocol.messages import Ack, Login, Message, Result, Seat
from firmware_protocol.security import mqtt_password, unit_username
from tests.deploy.conftest import STATION_PASSWORD, STATION_USER, AuthPad, run_deploy_mosquitto
from tests.deploy.test_two_processes import Room, ask
from tests.helpers import director
from tests.pads import VirtualRadio
from tests.servers import free_port
from tests.web.accessibility import serious_violations
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, watch_policy

pytestmark = pytest.mark.integration
PASSWORD = {"club": "director-club-3f1a", "second": "director-second-8c2d"}
SECRET = {"club": "club-secret-5d0e", "second": "second-secret-a41b"}


def event_config(folder: Path, station: str, http: int, other: tuple[str, int], broker: int,
                 receiver: str, channel: int) -> Path:
    """As install.sh writes them: the second event's own everything, the same broker login."""
    path = folder / f"{station}.toml"
    path.write_text(f"""
[station]
id = "{station}"
secret = "{SECRET[station]}"
database = "sqlite:///{folder / station}.db"
http = "127.0.0.1:{http}"
director_password = "{PASSWORD[station]}"
backups = "{folder / station}-backups"

[mqtt]
url = "mqtt://127.0.0.1:{broker}"
username = "{STATION_USER}"
password = "{STATION_PASSWORD}"
dynamic_security = true

[[serial]]
port = "{receiver}"
channel = {channel}

[[console]]
name = "{other[0]}"
url = ":{other[1]}"

[event]
name = "{station} pairs"
[[event.section]]
letter = "A"
tables = 3
boards = 6
""")
    return path


@pytest.fixture
async def chromium() -> AsyncIterator[Browser]:
    """tests/web's browser (Content-Security-Policy watched), for the grids' links."""
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        broken = watch_policy(browser)
        try:
            yield browser
        finally:
            await browser.close()
        assert not broken, f"Content-Security-Policy refused: {broken}"


@pytest.fixture
def stations() -> Iterator[list[Room]]:
    started: list[Room] = []
    yield started
    for room in started:
        room.stop()


async def logged_in_pad(port: int, station: str, unit: int, key: bytes) -> AuthPad:
    """A BridgeScorer paired on `station`'s console: let in once the station made its login."""
    for _ in range(100):
        pad = AuthPad(port, station, unit, username=unit_username(unit),
                      password=mqtt_password(key))
        pad.key = key
        try:
            return await pad.__aenter__()
        except aiomqtt.MqttError:
            await asyncio.sleep(0.1)
    raise AssertionError(f"unit {unit} never let in to {station}")


def results(database: Path) -> list[tuple[int, int]]:
    with sqlite3.connect(database) as conn:
        rows = conn.execute("SELECT unit, board FROM result WHERE status = 'active' "
                            "ORDER BY unit, board").fetchall()
    return [(r[0], r[1]) for r in rows]


async def test_two_events_one_broker_each_pads_reach_only_their_own(
        tmp_path: Path, stations: list[Room], chromium: Browser) -> None:
    http = {"club": free_port(), "second": free_port()}
    radio = {"club": VirtualRadio(), "second": VirtualRadio()}
    config: dict[str, Path] = {}
    try:
        # install.sh: the plugin's first file, the station's login as its admin.
        draft = event_config(tmp_path, "club", http["club"], ("Second event", http["second"]),
                             1, radio["club"].port, 16)
        data = tmp_path / "mosquitto-data"
        done = CliRunner().invoke(app, ["units", "dynsec-init", "--out",
                                        str(data / "dynamic-security.json"), "--config",
                                        str(draft)])
        assert done.exit_code == 0, done.output
        with run_deploy_mosquitto(tmp_path / "files", tmp_path) as broker:
            for station, other, channel in (("club", "second", 16), ("second", "club", 18)):
                config[station] = event_config(
                    tmp_path, station, http[station],
                    ("Second event" if station == "club" else "Club night", http[other]),
                    broker.station, radio[station].port, channel)
                stations.append(Room(config[station]))
                stations[-1].start()
            await two_events(broker.pads, broker.station, http, radio)
            await consoles_link(chromium, http)
            await wrong_event_phone(chromium, http["second"], broker.websockets)
    finally:
        for room in stations:
            room.stop()
        for each in radio.values():
            each.close()
    # Each event's results in its own database, its own pads' only.
    board = generate("mitchell", 3, 6).at(1, 1).boards  # type: ignore[union-attr]
    radio_board = generate("mitchell", 3, 6).at(1, 2).boards[0]  # type: ignore[union-attr]
    assert results(tmp_path / "club.db") == [(17, board[0]), (17, board[1]), (101, radio_board)]
    assert results(tmp_path / "second.db") == [(27, board[0]), (201, radio_board)]
    for station, channel in (("club", 16), ("second", 18)):
        log = config[station].with_suffix(".log").read_text()
        assert f"radio channel {channel}" in log


async def two_events(pads: int, station_port: int, http: dict[str, int],
                     radio: dict[str, VirtualRadio]) -> None:
    async with director(f"http://127.0.0.1:{http['club']}", password=PASSWORD["club"]) as club, \
            director(f"http://127.0.0.1:{http['second']}",
                     password=PASSWORD["second"]) as second:
        # Each console links to the other, ":<port>/" for the page to put on the host it was
        # opened by, named by the event open there (not the configuration's "Second event").
        assert (await club.get("/api/consoles")).json() == [
            {"name": "second pairs", "url": f":{http['second']}/"}]
        assert (await second.get("/api/consoles")).json() == [
            {"name": "club pairs", "url": f":{http['club']}/"}]
        # Each director pairs a BridgeScorer from the console; each plays in its event.
        key_a = bytes.fromhex((await club.post("/api/units/17/pair")).json()["key"])
        key_b = bytes.fromhex((await second.post("/api/units/27/pair")).json()["key"])
        pad_a = await logged_in_pad(pads, "club", 17, key_a)
        pad_b = await logged_in_pad(pads, "second", 27, key_b)
        try:
            for pad in (pad_a, pad_b):
                assert isinstance(await ask(pad, Login(section="A", table=1)), Ack)
                assert isinstance(await ask(pad, played(1, 0)), Ack)
            # The bridgepads of each event on their own channel's receiver.
            for station, unit in (("club", 101), ("second", 201)):
                bridgepad = radio[station].pad(unit, secret=SECRET[station])
                assert isinstance(await ask(bridgepad, Login(section="A", table=2)), Ack)  # type: ignore[arg-type]
                assert isinstance(await ask(bridgepad, played(2, 0)), Ack)  # type: ignore[arg-type]
            await refused_by_the_other(pads, station_port, pad_a, pad_b, key_b)
            # The second event asking to pair a unit number the first holds: refused, with the
            # reason and INSTALL's advice, and nothing paired; the first keeps it.
            refused = await second.post("/api/units/17/pair")
            assert refused.status_code == 409, refused.text
            assert "(station club)" in refused.json()["detail"]
            assert "deploy/INSTALL.md, section 6" in refused.json()["detail"]
            assert isinstance(await ask(pad_a, played(1, 1)), Ack)
        finally:
            await pad_a.__aexit__(None, None, None)
            await pad_b.__aexit__(None, None, None)


async def consoles_link(browser: Browser, http: dict[str, int]) -> None:
    """The director at the club's grid follows its link to the second event's, and back."""
    page = await browser.new_page()
    others = page.get_by_role("navigation", name="Other events on this computer")

    async def log_in(station: str) -> None:
        await page.get_by_label("Password").fill(PASSWORD[station])
        await page.get_by_role("button", name="Log in").click()
        await page.get_by_role("button", name="Log out").wait_for()

    try:
        await page.goto(f"http://127.0.0.1:{http['club']}/")
        await log_in("club")
        await others.get_by_role("link", name="second pairs").click()
        await page.wait_for_url(f"http://127.0.0.1:{http['second']}/")
        await log_in("second")  # its own director password
        await others.get_by_role("link", name="club pairs").wait_for()
        assert await serious_violations(page) == []
    finally:
        await page.close()


async def wrong_event_phone(browser: Browser, http: int, websockets: int) -> None:
    """A phone holding the second event's key for unit 17, whose broker login is the club's:
    the broker refuses it, and the pad says what the director can do (each event its own
    unit numbers; pair it on this event), found by role."""
    context = await browser.new_context()
    page = await context.new_page()
    try:
        await page.goto(f"http://127.0.0.1:{http}/pad")
        paired = {"unit": 17, "key": epoch_key(SECRET["second"], 17, 0).hex(),
                  "station": "second", "broker": f"ws://127.0.0.1:{websockets}"}
        await page.evaluate(
            "(p) => localStorage.setItem('bridgepad:current', JSON.stringify(p))", paired)
        await page.reload()
        refused = page.get_by_role("alert").filter(has_text="broker refused")
        await refused.wait_for(timeout=15000)
        said = await refused.inner_text()
        assert "(unit 17): ask the director to pair it again on this event" in said
        assert "belongs to another event on this computer" in said
        assert "each event its own unit numbers" in said
        assert await page.locator("#queue").inner_text() == "all sent"  # nothing keyed
        assert await serious_violations(page) == []
    finally:
        await context.close()


def played(table: int, nth: int) -> Result:
    """The `nth` board of `table`'s first round, made."""
    at = generate("mitchell", 3, 6).at(1, table)
    assert at is not None and at.ns is not None and at.ew is not None
    return Result(section="A", table=table, round=1, board=at.boards[nth], ns=at.ns, ew=at.ew,
                  contract="4S", declarer=Seat.S, tricks=10, lead=None)


async def refused_by_the_other(pads: int, station_port: int, pad_a: AuthPad, pad_b: AuthPad,
                               key_b: bytes) -> None:
    """The club's unit 17, on its own login, tries the second event's topics: the broker
    refuses the subscription and drops what it publishes there, under its own unit number or
    the second event's."""
    async with aiomqtt.Client("127.0.0.1", station_port, username=STATION_USER,
                              password=STATION_PASSWORD, identifier="snoop") as snoop:
        await snoop.subscribe("bridge/second/pad/+/up", qos=1)
        stray = pad_a._client  # its one connection: a second one would take it over
        assert stray is not None
        granted = await stray.subscribe("bridge/second/pad/17/down", qos=1)
        assert [int(getattr(code, "value", code)) for code in granted] == [0x80]
        for unit, key in ((17, pad_a.key), (27, key_b)):
            await stray.publish(f"bridge/second/pad/{unit}/up", jsonwire.encode(
                Message(unit, 1000, Login(section="A", table=3)), key), qos=1)
        # The second event's own pad, after: the first message through to its station.
        assert isinstance(await ask(pad_b, Login(section="A", table=1)), Ack)
        async for message in snoop.messages:
            assert isinstance(message.payload, bytes)
            assert jsonwire.decode(message.payload).message.seq != 1000, "a stray got through"
            if message.topic.matches("bridge/second/pad/27/up"):
                break

