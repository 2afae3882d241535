"""Strangers trying to lock the director's console with connections the station must keep
open: live streams left silent, and request bodies that never finish arriving. The station
is served as `basestation serve` serves it (tests.servers.serve_station, default limits);
throughout, the director logs in and loads the grid, and a phone loads /pad, within 5 s."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import httpx
import pytest

from basestation.api.serving import ServerLimits
from basestation.station.app import Station
from tests.hardening.test_http import PASSWORD, connect, everything, request_head, station
from tests.servers import serve_station

pytestmark = pytest.mark.integration
__all__ = ["station"]  # the fixture

ANSWER_S = 5.0


async def get_in(url: str) -> None:
    """The director's login and grid, and the pad's page, each answered 200 in time."""
    async with httpx.AsyncClient(base_url=url, timeout=ANSWER_S) as client:
        began = time.monotonic()
        login = await client.post("/api/login", json={"password": PASSWORD})
        assert login.status_code == 200, login.text
        token = login.json()["token"]
        grid = await client.get("/api/grid", headers={"Authorization": f"Bearer {token}"})
        assert grid.status_code == 200, grid.text
        pad = await client.get("/pad")
        assert pad.status_code == 200, pad.text
        assert time.monotonic() - began < 3 * ANSWER_S


@contextlib.asynccontextmanager
async def held(tasks: list[asyncio.Task[None]]) -> AsyncIterator[None]:
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_silent_live_streams_cannot_lock_the_console(station: Station) -> None:
    limits = ServerLimits()
    async with serve_station(station) as url:
        answers: list[bytes] = []

        async def silent_stream(source: str) -> None:
            reader, writer = await connect(url, source)
            try:
                writer.write(request_head(url, "GET", "/api/stream"))
                head = await reader.readuntil(b"\r\n\r\n")
                answers.append(head)
                await everything(reader)  # left open, as long as the station lets it
            finally:
                writer.close()

        # 400 from 10 addresses, 40 each (the most one address may hold).
        streams = [asyncio.create_task(silent_stream(f"127.0.0.{2 + n % 10}"))
                   for n in range(10 * limits.per_client)]
        async with held(streams):
            async with asyncio.timeout(30):
                while len(answers) < len(streams):
                    await asyncio.sleep(0.1)
            granted = [head for head in answers if head.startswith(b"HTTP/1.1 200")]
            assert len(granted) == 10 * limits.streams_per_client
            refused = [head for head in answers if head.startswith(b"HTTP/1.1 503")]
            assert len(refused) == len(streams) - len(granted)
            for _ in range(3):  # throughout, not once
                await get_in(url)
                await asyncio.sleep(1)
            # The director's own live grid is not held to the strangers' bound.
            async with httpx.AsyncClient(base_url=url, timeout=ANSWER_S) as client:
                token = (await client.post("/api/login", json={"password": PASSWORD})
                         ).json()["token"]
                async with client.stream("GET", "/api/stream", headers={
                        "Authorization": f"Bearer {token}"}) as stream:
                    assert stream.status_code == 200


async def test_slow_bodies_cannot_lock_the_console(station: Station) -> None:
    limits = ServerLimits()
    async with serve_station(station) as url:
        opened = [0]

        async def slow_body(source: str) -> None:
            while True:  # opened again as soon as the station closes it
                try:
                    reader, writer = await connect(url, source)
                except OSError:
                    await asyncio.sleep(0.5)
                    continue
                opened[0] += 1
                ended = asyncio.create_task(everything(reader))
                try:
                    writer.write(request_head(url, "POST", "/api/login",
                                              Content_Type="application/json",
                                              Content_Length="1000") + b'{"password": "')
                    while not ended.done():
                        writer.write(b"x")
                        await asyncio.wait([ended], timeout=0.5)
                except (ConnectionError, OSError):
                    pass
                finally:
                    ended.cancel()
                    writer.close()
                await asyncio.sleep(0.5)

        # 11 addresses, 40 each: more than the 400 the station holds.
        bodies = [asyncio.create_task(slow_body(f"127.0.0.{2 + n % 11}"))
                  for n in range(11 * limits.per_client)]
        async with held(bodies):
            async with asyncio.timeout(30):
                while opened[0] < len(bodies):
                    await asyncio.sleep(0.1)
            await asyncio.sleep(1)
            for _ in range(3):
                await get_in(url)
                await asyncio.sleep(1)
