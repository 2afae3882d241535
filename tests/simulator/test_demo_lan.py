"""`basestation demo --lan` opens the grid and the pads' broker to the network: it runs on a
secret and a director password of its own, never the built-in ones the station refuses
there, and prints the password for the person running it."""

from __future__ import annotations

import asyncio
import re

import httpx
import pytest

from tests.servers import running_demo

pytestmark = pytest.mark.integration


async def test_the_demo_open_to_the_network_has_a_password_of_its_own() -> None:
    async with running_demo("--lan", "--tables", "3", "--speed", "300") as demo:
        async with asyncio.timeout(90):  # a busy machine starts slowly
            while not (found := re.search(r"http://127\.0\.0\.1:(\d+)  \(password '([^']+)'",
                                          demo.printed)):
                assert demo.process.returncode is None, demo.said()
                await asyncio.sleep(0.1)
        port, password = found.groups()
        assert password != "change-me"
        url = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=url, timeout=60) as director:  # busy machine
            refused = await director.post("/api/login", json={"password": "change-me"})
            assert refused.status_code == 401
            assert (await director.post("/api/login", json={"password": password})).is_success
