"""A stranger on the club's network against the station's web server, served for real
(tests.servers.serve_station, as `basestation serve` runs it): bodies too large or too slow,
headers dripped a byte at a time, a flood of idle connections, a change sent from another
page, a bearer token after logout, the roster read without a login, a huge PBN file."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from basestation.api.limits import Limits
from basestation.api.readmodel import ReadModel
from basestation.api.routes import sections as section_routes
from basestation.api.routes import setup as setup_routes
from basestation.api.serving import BACKLOG, ServerLimits
from basestation.formats.handrecords import MAX_DEALS
from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from firmware_protocol.messages import Ack, Heartbeat, Login
from simulator.deals import random_deals
from tests.helpers import director
from tests.pads import MqttPad
from tests.servers import serve_station

pytestmark = pytest.mark.integration

PASSWORD = "change-me"


@pytest.fixture
async def station(tmp_path: Path) -> AsyncIterator[Station]:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}")
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    yield station
    await station.stop()


@pytest.fixture
async def url(station: Station) -> AsyncIterator[str]:
    """The station as served, with its own deadlines: a big body sent at once arrives in
    time however busy the machine."""
    async with serve_station(station) as base:
        yield base


@pytest.fixture
async def hasty_url(station: Station) -> AsyncIterator[str]:
    """Deadlines of 1 s for the body and the headers, for the tests of slow requests."""
    async with serve_station(station, limits=Limits(body_seconds=1.0),
                             server_limits=ServerLimits(headers_seconds=1.0)) as base:
        yield base


async def connect(url: str, source: str = "127.0.0.1") -> tuple[asyncio.StreamReader,
                                                                 asyncio.StreamWriter]:
    parts = urlsplit(url)
    return await asyncio.open_connection(parts.hostname, parts.port, local_addr=(source, 0))


async def answer_of(reader: asyncio.StreamReader, timeout: float = 5.0) -> tuple[int, dict[
        str, str], Any]:
    """The status, headers and JSON body of the answer on `reader` (it closes after)."""
    async with asyncio.timeout(timeout):
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":")
                                                          for line in lines[1:] if line)}
        body = await reader.readexactly(int(headers.get("content-length", "0")))
    return int(lines[0].split()[1]), headers, json.loads(body) if body else None


async def everything(reader: asyncio.StreamReader) -> bytes:
    """What the station sends until it closes the connection."""
    data = b""
    with contextlib.suppress(ConnectionError):
        while chunk := await reader.read(65536):
            data += chunk
    return data


def status_of(answer: bytes) -> tuple[int, Any]:
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


async def closed(reader: asyncio.StreamReader, timeout: float = 5.0) -> bool:
    """Whether the station closes the connection within `timeout` (whatever it says first)."""
    try:
        async with asyncio.timeout(timeout):
            while await reader.read(65536):
                pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def request_head(url: str, method: str, path: str, **headers: str) -> bytes:
    host = urlsplit(url).netloc
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}",
             *(f"{name.replace('_', '-')}: {value}" for name, value in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


# Body size: checked before anything is read.


SMALL = ("The request is too large: the station takes at most 64 KB here (the director's "
         "uploads, once logged in, up to 6 MB).")


async def test_a_huge_body_is_refused_from_its_length_before_a_byte_of_it_is_read(
        url: str) -> None:
    # 200 MB announced and not one byte sent, by a stranger: the answer comes at once,
    # whatever the route (the director's upload routes too: not logged in).
    for method, path in (("POST", "/api/login"), ("POST", "/api/setup/event"),
                         ("PUT", "/api/sections/A/hand-records"), ("POST", "/api/nowhere")):
        reader, writer = await connect(url)
        writer.write(request_head(url, method, path, Content_Type="application/json",
                                  Content_Length=str(200 * 1024 * 1024)))
        code, headers, body = await answer_of(reader)
        assert (code, body) == (413, {"detail": SMALL}), path
        assert headers["connection"] == "close"
        assert await everything(reader) == b""  # closed
        writer.close()


async def test_a_chunked_body_is_counted_as_it_arrives(url: str) -> None:
    reader, writer = await connect(url)
    writer.write(request_head(url, "POST", "/api/login", Content_Type="application/json",
                              Transfer_Encoding="chunked"))
    chunk = b"x" * 16384
    sent = 0
    answer = asyncio.create_task(answer_of(reader, timeout=20))
    with contextlib.suppress(ConnectionError):
        while not answer.done() and sent < 50 * 1024 * 1024:
            writer.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            await writer.drain()
            sent += len(chunk)
            await asyncio.sleep(0)
    code, _, body = await answer
    assert code == 413 and "at most 64 KB" in body["detail"]
    assert sent < 5 * 1024 * 1024  # refused long before the stranger was done
    writer.close()


def big_pbn(deals: int, padding: int = 0) -> str:
    """`deals` random deals as a PBN file; each board `padding` characters of commentary."""
    note = "{" + "n" * padding + "}\n" if padding else ""
    dealt = random_deals(deals, random.Random(deals))
    return "".join(f'[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                   f'[Deal "{deal}"]\n{note}\n' for board, deal in dealt.items())


async def test_the_directors_uploads_may_be_larger_once_logged_in(url: str) -> None:
    pbn = big_pbn(36, padding=4000)  # 36 boards with notes: about 150 KB
    assert len(pbn) > 128 * 1024
    async with httpx.AsyncClient(base_url=url, timeout=30) as stranger:
        refused = await stranger.post("/api/setup/hand-records", json={"pbn": pbn})
        assert (refused.status_code, refused.json()) == (413, {"detail": SMALL})
    async with director(url) as client:
        seen = await client.post("/api/setup/hand-records", json={"pbn": pbn})
        assert seen.status_code == 200, seen.text
        assert seen.json() == {"boards": list(range(1, 37))}
        # Any other request keeps the small limit, logged in or not.
        thresholds = await client.put("/api/console/thresholds",
                                      json={"note": "x" * (100 * 1024)})
        assert (thresholds.status_code, thresholds.json()) == (413, {"detail": SMALL})
    # And an upload has its own limit, even the director's.
    async with director(url) as client:
        cookie = f"director_session={client.cookies['director_session']}"
    reader, writer = await connect(url)
    writer.write(request_head(url, "POST", "/api/setup/hand-records", Origin=url, Cookie=cookie,
                              Content_Type="application/json", Content_Length=str(7 << 20)))
    code, _, body = await answer_of(reader)
    assert (code, body) == (413, {"detail": "The file is too large: the station takes files "
                                            "of up to 6 MB."})
    writer.close()


# Slow requests: the body's and the headers' deadlines, and the connections' cap.


async def test_a_body_that_dawdles_is_cut_off(hasty_url: str) -> None:
    reader, writer = await connect(hasty_url)
    writer.write(request_head(hasty_url, "POST", "/api/login", Content_Type="application/json",
                              Content_Length="100") + b'{"pass')
    started = time.monotonic()
    code, headers, body = await answer_of(reader)
    assert code == 408 and headers["connection"] == "close"
    assert body == {"detail": "The request took longer than 1 s to arrive: send it again."}
    assert 0.9 < time.monotonic() - started < 10  # the deadline, loosely: the machine is busy
    assert await closed(reader)
    writer.close()


async def test_the_live_stream_outlasts_the_bodys_deadline(hasty_url: str) -> None:
    async with httpx.AsyncClient(base_url=hasty_url, timeout=10) as viewer, \
            director(hasty_url) as client, \
            viewer.stream("GET", "/api/stream") as stream:
        lines = stream.aiter_lines()
        assert await anext(lines) == "retry: 1000"
        await asyncio.sleep(2.5)  # the body's deadline (1 s here) long past
        assert (await client.post("/api/running", json={"running": False})).is_success
        async with asyncio.timeout(5):  # still open: the pause is heard
            while not (line := await anext(lines)).startswith("data:") or \
                    json.loads(line[5:])["type"] != "status":
                pass
        assert json.loads(line[5:])["running"] is False


async def test_headers_dripped_a_byte_at_a_time_are_cut_off(hasty_url: str) -> None:
    reader, writer = await connect(hasty_url)
    head = request_head(hasty_url, "GET", "/api/status", User_Agent="slow" * 50)

    async def drip() -> None:
        for byte in head[:-4]:  # never finished
            writer.write(bytes([byte]))
            await writer.drain()
            await asyncio.sleep(0.02)

    dripping = asyncio.create_task(drip())
    started = time.monotonic()
    code, _, body = await answer_of(reader)
    assert code == 408
    assert body == {"detail": "The request took longer than 1 s to arrive: send it again."}
    assert time.monotonic() - started < 10  # the 1 s deadline, loosely: the machine is busy
    dripping.cancel()
    with contextlib.suppress(asyncio.CancelledError, ConnectionError):
        await dripping
    writer.close()
    # Headers too large to be a request: refused at once.
    reader, writer = await connect(hasty_url)
    huge = request_head(hasty_url, "GET", "/api/status", Cookie="x" * 20_000)
    writer.write(huge[:18_000])  # what has come so far is already more than a request's
    await writer.drain()
    await asyncio.sleep(0.1)
    with contextlib.suppress(ConnectionError):
        writer.write(huge[18_000:])
    code, headers, body = await answer_of(reader)
    assert code == 400 and headers["x-content-type-options"] == "nosniff"
    assert "headers too large" in body["detail"]
    writer.close()
    # A connection that says nothing at all is closed too, silently.
    reader, writer = await connect(hasty_url)
    assert await everything(reader) == b""
    writer.close()


async def test_twelve_hundred_slow_clients_cannot_take_the_grid_down(station: Station) -> None:
    # Long enough to open 1200 on a busy machine: beside two other suites, 10 s was not, and
    # the first held ones were cut off (408) before the last was opened.
    limits = ServerLimits(headers_seconds=30.0)
    async with serve_station(station, server_limits=limits) as url:
        writers: list[asyncio.StreamWriter] = []
        heard: list[asyncio.Task[bytes]] = []
        # From 30 addresses of this computer, 40 each: each starts a request and stalls.
        for index in range(1200):
            reader, writer = await connect(url, f"127.0.0.{2 + index % 30}")
            writer.write(b"GET /api/grid HTTP/1.1\r\nHost: club\r\n")
            writers.append(writer)
            heard.append(asyncio.create_task(everything(reader)))
        # Beyond the cap, each newcomer closes the one waiting longest (told so), from an
        # address holding most: the newest 400 are held, every file handle beyond freed.
        async with asyncio.timeout(8):
            while sum(task.done() for task in heard) < len(heard) - limits.connections:
                await asyncio.sleep(0.05)
        refused = [task.result() for task in heard if task.done()]
        assert len(heard) - len(refused) == limits.connections
        assert all(task.done() for task in heard[:-limits.connections])
        status, body = status_of(refused[0])
        assert status == 503 and "too many connections" in body["detail"]
        # Once their headers' time is up, every stalled one is gone and the grid answers.
        async with asyncio.timeout(60):
            stalled = await asyncio.gather(*heard)
        assert {status_of(answer)[0] for answer in stalled} == {408, 503}
        async with httpx.AsyncClient(base_url=url, timeout=5) as grid:
            assert (await grid.get("/api/grid")).status_code == 200
        for writer in writers:
            writer.close()


async def test_when_every_connection_is_busy_only_the_reserve_is_left(
        station: Station) -> None:
    # Nothing waiting to close to make room: 20 live streams (the grid's) hold the 20 allowed.
    limits = ServerLimits(connections=20, reserve=2, streams=100, streams_per_client=100)
    async with serve_station(station, server_limits=limits) as url:
        writers = []
        for _ in range(limits.connections):
            reader, writer = await connect(url)
            writer.write(request_head(url, "GET", "/api/stream"))
            async with asyncio.timeout(5):
                assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 200")
            writers.append(writer)
        # On the reserve: the pads' page, not anything else.
        reader, writer = await connect(url, "127.0.0.2")
        writer.write(request_head(url, "GET", "/api/status"))
        code, headers, body = await answer_of(reader)
        assert code == 503 and body == {"detail": "The station has too many connections open: "
                                                  "try again in a few seconds."}
        assert headers["connection"] == "close"
        writer.close()
        reader, writer = await connect(url, "127.0.0.2")
        writer.write(request_head(url, "GET", "/pad"))
        async with asyncio.timeout(5):
            assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 200")
        writer.close()
        # The director's live grid takes the reserve too; once it is all busy, a newcomer
        # is refused at once.
        async with director(url) as client:
            cookie = f"director_session={client.cookies['director_session']}"
        for _ in range(limits.reserve):
            reader, writer = await connect(url, "127.0.0.3")
            writer.write(request_head(url, "GET", "/api/stream", Cookie=cookie))
            async with asyncio.timeout(5):
                assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 200")
            writers.append(writer)
        reader, writer = await connect(url, "127.0.0.2")
        code, _, body = await answer_of(reader)
        assert code == 503 and "too many connections" in body["detail"]
        writer.close()
        for writer in writers:  # the streams end: room again
            writer.close()
        async with asyncio.timeout(10), httpx.AsyncClient(base_url=url, timeout=5) as pad:
            while True:
                try:
                    if (await pad.get("/api/status")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.1)


async def test_one_address_gets_a_share_of_the_connections(station: Station) -> None:
    limits = ServerLimits(headers_seconds=30.0, per_client=40)
    async with serve_station(station, server_limits=limits) as url:
        writers: list[asyncio.StreamWriter] = []
        heard: list[asyncio.Task[bytes]] = []
        for _ in range(200):
            reader, writer = await connect(url, "127.0.0.2")
            writers.append(writer)
            heard.append(asyncio.create_task(everything(reader)))
        await asyncio.sleep(0.5)
        refused = [task.result() for task in heard if task.done()]
        assert len(heard) - len(refused) == limits.per_client
        status, body = status_of(refused[0])
        assert status == 503
        assert "This computer has 40 connections to the station open already" in body["detail"]
        # Another computer (a pad, the director) is still served at once.
        async with httpx.AsyncClient(base_url=url, timeout=5) as pad:
            assert (await pad.get("/api/status")).status_code == 200
        for writer in writers:
            writer.close()
        for task in heard:
            task.cancel()


def test_the_server_is_set_up_with_its_timeouts() -> None:
    from basestation.api.app import create_app
    from basestation.api.serving import server

    running = server(create_app(Station(StationConfig()), manage_station=False),
                     "127.0.0.1", 8000)
    assert running.config.timeout_keep_alive == 5
    # uvicorn's cap only above ours by a whole turn's accepts: its 503 never comes first.
    assert running.config.limit_concurrency == ServerLimits().connections + BACKLOG
    assert running.config.backlog == BACKLOG
    assert ServerLimits().headers_seconds == 10 and Limits().body_seconds == 30


# Where a change comes from, and the login.


CHANGES = (("POST", "/api/session/end"), ("PUT", "/api/console/thresholds"),
           ("DELETE", "/api/penalties/1"), ("POST", "/api/logout"),
           ("PATCH", "/api/session/end"))


async def test_a_change_from_another_page_is_refused(url: str, station: Station) -> None:
    async with director(url) as client:
        other_port = f"http://127.0.0.1:{int(urlsplit(url).port or 0) + 1}"
        for origin in (other_port, "http://evil.example", "null"):
            for method, path in CHANGES:
                answer = await client.request(method, path, json={},
                                              headers={"Origin": origin})
                assert answer.status_code == 403, (origin, method, path)
                assert "only from the station's own pages" in answer.json()["detail"]
        # The cookie alone, saying nothing of where it comes from: not a browser's page.
        del client.headers["Origin"]
        bare = await client.post("/api/session/end")
        assert bare.status_code == 403 and "bearer token" in bare.json()["detail"]
        assert not station.session.ended  # nothing was changed
        # The station's own pages (its origin, port and all) are heard.
        client.headers["Origin"] = url
        assert (await client.post("/api/running", json={"running": True})).status_code == 200


async def test_a_program_with_a_bearer_token_needs_no_origin(url: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=10) as program:
        token = (await program.post("/api/login", json={"password": PASSWORD})).json()["token"]
        program.cookies.clear()
        bearer = {"Authorization": f"Bearer {token}"}
        answer = await program.post("/api/running", json={"running": True}, headers=bearer)
        assert answer.status_code == 200
        # With an Origin, it must still be the station's.
        foreign = await program.post("/api/running", json={"running": True},
                                     headers={**bearer, "Origin": "http://evil.example"})
        assert foreign.status_code == 403


async def test_logging_out_revokes_the_token_however_it_was_presented(url: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=10) as program:
        token = (await program.post("/api/login", json={"password": PASSWORD})).json()["token"]
        program.cookies.clear()
        bearer = {"Authorization": f"Bearer {token}"}
        assert (await program.get("/api/whoami", headers=bearer)).json() == {"director": True}
        assert (await program.post("/api/logout", headers=bearer)).status_code == 200
        assert (await program.get("/api/whoami", headers=bearer)).json() == {"director": False}
        again = await program.post("/api/running", json={"running": True}, headers=bearer)
        assert again.status_code == 401
    async with director(url) as browser:  # the cookie, as the pages log out
        cookie = browser.cookies["director_session"]
        assert (await browser.post("/api/logout")).status_code == 200
        browser.cookies.set("director_session", cookie)  # kept by a copy: dead all the same
        assert (await browser.get("/api/whoami")).json() == {"director": False}


async def test_the_roster_is_the_directors(url: str, station: Station) -> None:
    await station.director.set_players({101: "Ann Smith", 102: "Bob Jones"})
    async with httpx.AsyncClient(base_url=url, timeout=10) as stranger:
        for path in ("/api/players", "/api/seats", "/api/players/csv"):
            answer = await stranger.get(path)
            assert answer.status_code == 401, path
            assert answer.json() == {"detail": "director login required",
                                     "key": "login.needed", "values": {}}
            assert answer.headers["www-authenticate"] == "Bearer"
    async with director(url) as client:
        listed = (await client.get("/api/players")).json()
        assert {p["name"] for p in listed} == {"Ann Smith", "Bob Jones"}
        assert (await client.get("/api/seats")).status_code == 200


# Security headers on every answer, refusals and errors included.


async def test_every_answer_carries_the_security_headers(url: str) -> None:
    async with director(url) as client:
        answers = [await client.get(path) for path in (
            "/", "/setup", "/results", "/penalties", "/history", "/pad", "/static/grid.js",
            "/api/status", "/api/nothing-here", "/openapi.json", "/docs")]
        answers.append(await client.post("/api/login", content=b"x" * 100_000))
        answers.append(await client.post("/api/running", headers={"Origin": "http://evil"}))
        answers.append(await client.get("/api/setup/cards", params={
            "letter": "A", "movement": "mitchell", "tables": 3, "boards": 6}))
    for answer in answers:
        headers = answer.headers
        where = answer.request.url.path
        assert headers["x-content-type-options"] == "nosniff", where
        assert headers["referrer-policy"] == "no-referrer", where
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy, where
        script = next(d for d in policy.split("; ") if d.startswith("script-src"))
        assert "'unsafe-inline'" not in script and "'unsafe-eval'" not in script, where
    assert {a.status_code for a in answers} >= {200, 404, 413, 403}


async def test_an_unexpected_error_carries_them_too(url: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(_: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(ReadModel, "grid_json", broken)
    async with httpx.AsyncClient(base_url=url, timeout=10) as client:
        answer = await client.get("/api/grid")
    assert answer.status_code == 500 and "unexpected error" in answer.json()["detail"]
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"


# Hand records: parsed off the event loop, and a cap on the deals.


async def test_a_ten_thousand_deal_file_is_refused_and_the_pads_are_answered_meanwhile(
        tmp_path: Path, mosquitto: int, monkeypatch: pytest.MonkeyPatch) -> None:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           mqtt_url=f"mqtt://127.0.0.1:{mosquitto}")
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    parsed_on: list[str] = []

    def watch(module: Any) -> None:
        real = module.parse_hand_records

        def watched(text: str) -> dict[int, str]:
            parsed_on.append(threading.current_thread().name)
            return real(text)

        monkeypatch.setattr(module, "parse_hand_records", watched)

    watch(section_routes)
    watch(setup_routes)
    try:
        async with asyncio.timeout(10):
            for link in station.links:
                await link.connected.wait()
        async with serve_station(station) as url, director(url) as client, \
                MqttPad(mosquitto, "club", 17) as pad:
            assert isinstance((await pad.request(Login(section="A", table=1)))[0], Ack)
            answered: list[float] = []  # when each heartbeat's ack came

            async def heartbeats() -> None:
                while True:
                    assert isinstance((await pad.request(Heartbeat(battery=80)))[0], Ack)
                    answered.append(time.perf_counter())
                    await asyncio.sleep(0.01)

            beating = asyncio.create_task(heartbeats())
            await asyncio.sleep(0.2)
            huge = big_pbn(10_000)  # parsed on the event loop, it held every pad for 3 s
            started = time.perf_counter()
            for method, path in (("PUT", "/api/sections/A/hand-records"),
                                 ("POST", "/api/setup/hand-records")):
                refused = await client.request(method, path, json={"pbn": huge})
                assert refused.status_code == 422
                assert refused.json()["detail"] == (
                    f"the file holds 10000 deals; the station takes at most {MAX_DEALS}: "
                    "keep this session's boards")
            assert time.perf_counter() - started < 30  # loosely: the machine is busy
            # The largest file taken, read again and again while the pad is answered.
            largest = big_pbn(MAX_DEALS)
            for _ in range(4):
                seen = await client.post("/api/setup/hand-records", json={"pbn": largest})
                assert seen.status_code == 200, seen.text
            loaded = await client.put("/api/sections/A/hand-records", json={"pbn": largest})
            assert loaded.json()["boards"] == [1, 2, 3, 4, 5, 6]
            finished = time.perf_counter()
            await asyncio.sleep(0.2)
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beating
        # Read on worker threads, never on the event loop the pads are answered on.
        assert len(parsed_on) == 7
        assert threading.main_thread().name not in parsed_on
        # The pad was answered all along, also while the files were read (how fast is the
        # bench's to say: a busy machine makes any bound here a coin toss).
        assert len([at for at in answered if started < at < finished]) >= 3, answered
    finally:
        await station.stop()


async def test_console_links_are_not_built_from_the_host_header(tmp_path: Path) -> None:
    from basestation.station.config import ConsoleLink

    config = StationConfig(database=f"sqlite:///{tmp_path / 'other.db'}",
                           consoles=(ConsoleLink("Second event", ":8001"),
                                     ConsoleLink("Results", "https://club.example/results")))
    other = Station(config)
    await other.start()
    try:
        async with serve_station(other) as base, \
                httpx.AsyncClient(base_url=base, timeout=10) as stranger:
            answer = await stranger.get("/api/consoles", headers={"Host": "evil.example:80"})
            assert answer.json() == [{"name": "Second event", "url": ":8001/"},
                                     {"name": "Results", "url": "https://club.example/results"}]
    finally:
        await other.stop()
