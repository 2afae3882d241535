"""A stranger guessing pairing codes against the station's web server, served for real: after
10 wrong codes in a minute its address is refused unchecked (429, a sentence), even a right
code; each wrong code, and the limit, is in the audit log with the address; a pad on another
address still pairs by its link."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from basestation.station.app import Station
from basestation.station.config import SectionConfig, StationConfig
from basestation.station.refusals import english
from tests.servers import serve_station

pytestmark = pytest.mark.integration

PASSWORD = "director-password-for-pairing"


@pytest.fixture
async def station(tmp_path: Path) -> AsyncIterator[Station]:
    config = StationConfig(database=f"sqlite:///{tmp_path / 'station.db'}",
                           director_password=PASSWORD)
    station = Station(config)
    station.open_event("Tuesday pairs", "nz", [SectionConfig("A", "mitchell", 3, 6)])
    await station.start()
    yield station
    await station.stop()


def from_address(url: str, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=url, timeout=10, transport=httpx.AsyncHTTPTransport(
        local_address=address))


async def audit(url: str, wanted: int) -> list[dict[str, object]]:
    """The audit entries about pairing codes, once `wanted` of them are written."""
    async with httpx.AsyncClient(base_url=url, headers={"Origin": url}, timeout=10) as club:
        (await club.post("/api/login", json={"password": PASSWORD})).raise_for_status()
        async with asyncio.timeout(10):
            while True:
                entries = (await club.get("/api/audit")).json()["entries"]
                found = [e for e in entries if "pairing" in e["action"]]
                if len(found) >= wanted:
                    return found
                await asyncio.sleep(0.05)


async def test_a_stranger_guessing_pairing_codes_is_limited_and_written_down(
        station: Station) -> None:
    async with serve_station(station) as url:
        right = station.pairing.issue(17)
        async with from_address(url, "127.0.0.3") as stranger:
            answers = [await stranger.post("/api/pairing",
                                           json={"code": secrets.token_urlsafe(16)})
                       for _ in range(30)]
            assert [a.status_code for a in answers] == [404] * 10 + [429] * 20
            assert answers[10].json() == {"detail": english("pairing.too_many", {}),
                                          "key": "pairing.too_many", "values": {}}
            assert answers[10].headers["retry-after"] == "60"
            # Refused unchecked: the right code is not spent by the stranger's try.
            assert (await stranger.post("/api/pairing", json={"code": right})).status_code == 429
        async with from_address(url, "127.0.0.4") as pad:
            paired = await pad.post("/api/pairing", json={"code": right})
            assert paired.status_code == 200 and paired.json()["unit"] == 17
        written = await audit(url, 12)
        texts = [(e["actor"], e["text"]) for e in reversed(written)]
        assert texts == [("address 127.0.0.3", "Wrong pairing code: never given")] * 10 + [
            ("address 127.0.0.3", "Pairing codes refused unchecked for a minute: "
                                  "10 wrong codes in a minute"),
            ("unit 17", "Pad took its key by its pairing link")]
