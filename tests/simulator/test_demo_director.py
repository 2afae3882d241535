"""`basestation demo` keeps going while the director acts on it through the API: pads locked
out and reset, a takeover authorised and withdrawn, a resend asked, AVE rulings, an erasure
and a pause. The station must answer every call (no 5xx) and the session play on."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import httpx
import pytest

from tests.api.conftest import PASSWORD
from tests.servers import running_demo

pytestmark = pytest.mark.integration


async def _held(director: httpx.AsyncClient) -> int:
    grid = await _ok(await director.get("/api/grid"))
    return sum(c["done"] for s in grid["sections"] for t in s["tables"] for c in t["cells"])


async def _ok(response: httpx.Response) -> Any:
    assert response.status_code < 500, f"{response.request.url}: {response.text}"
    return response.json()


async def test_the_demo_survives_the_directors_actions() -> None:
    async with running_demo("--tables", "4", "--speed", "60") as demo:
        async with asyncio.timeout(90):  # a busy machine starts slowly
            while not (found := re.search(r"http://127\.0\.0\.1:(\d+)", demo.printed)):
                assert demo.process.returncode is None, demo.said()
                await asyncio.sleep(0.1)
        url = f"http://127.0.0.1:{found.group(1)}"
        async with httpx.AsyncClient(base_url=url, headers={"Origin": url},
                                     timeout=60) as director:  # busy machine
            assert (await director.post("/api/login", json={"password": PASSWORD})).is_success
            async with asyncio.timeout(60):
                while await _held(director) < 8:
                    await asyncio.sleep(0.3)
            units = await _ok(await director.get("/api/units"))
            playing = [u for u in units if u["section"] and not u["locked"]]
            assert len(playing) >= 3, units
            first, second, third = playing[:3]
            done = [await _ok(await director.post(f"/api/units/{first['unit']}/lock")),
                    await _ok(await director.post(f"/api/units/{first['unit']}/reset")),
                    await _ok(await director.post(f"/api/units/{second['unit']}/replace")),
                    await _ok(await director.delete(
                        f"/api/sections/{second['section']}/tables/{second['table']}/takeover")),
                    await _ok(await director.post(
                        f"/api/sections/{third['section']}/tables/{third['table']}/resend"))]
            assert done[0]["locked"] == "UNIT_LOCKED" and done[1]["locked"] is None
            assert done[4]["command"] == "resend"
            # AVE rulings wherever a board is in play, held or not, in both sections.
            grid = await _ok(await director.get("/api/grid"))
            ruled = 0
            for section in grid["sections"]:
                for table in section["tables"][:3]:
                    cell = table["cells"][0]
                    for board in cell["board_numbers"]:
                        path = (f"/api/sections/{section['section']}/tables/{table['table']}"
                                f"/rounds/1/boards/{board}")
                        answer = await _ok(await director.post(path + "/ruling",
                                                               json={"adjusted": "AVE"}))
                        assert answer["adjusted"] == "AVE"
                        ruled += 1
            assert ruled >= 6
            erased = "/api/sections/A/tables/4/rounds/1/boards/"
            await _ok(await director.delete(erased + str(
                grid["sections"][0]["tables"][3]["cells"][0]["board_numbers"][0])))
            await _ok(await director.post("/api/running", json={"running": False}))
            await _ok(await director.get("/api/grid"))
            await _ok(await director.post("/api/running", json={"running": True}))
            # The station plays on: more results come in, every read still answers.
            before = await _held(director)
            async with asyncio.timeout(60):
                while await _held(director) <= before:
                    await asyncio.sleep(0.3)
            for path in ("/api/status", "/api/units", "/api/rankings", "/api/travellers",
                         "/api/audit"):
                await _ok(await director.get(path))
