"""Run inside a network namespace of its own (`unshare -n`, by test_idle_connections): the
shipped broker (deploy/mosquitto/mosquitto.conf with dynamic security) and, with
`--firewall`, deploy/nftables/basestation.nft loaded with the test's ports; a stranger opens
idle connections that never log in from 10 addresses (127.0.0.2 to 127.0.0.11) to the pads'
listener; then the director pairs a known pad again, and the pad logs in to the broker, to
its table, and enters a result. Prints one JSON line: the connections the stranger got and
was refused, and the seconds from the pairing to the result's ack (null: not within 30 s)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import aiomqtt

from firmware_protocol.messages import Ack, Login, Result, Seat
from firmware_protocol.security import mqtt_password, unit_username
from tests.deploy.conftest import DEPLOY, AuthPad, director, pair, secured_club

ADDRESSES = [f"127.0.0.{n}" for n in range(2, 12)]
PAD = 17


def firewall(pads: int, websockets: int) -> None:
    text = (DEPLOY / "nftables" / "basestation.nft").read_text()
    text = text.replace("{ 1883, 9001 }", f"{{ {pads}, {websockets} }}")
    subprocess.run(["nft", "-f", "-"], input=text.encode(), check=True)


async def idle(port: int, attempts: int) -> tuple[list[asyncio.StreamWriter], int]:
    held, refused = [], 0
    for n in range(attempts):
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", port, local_addr=(ADDRESSES[n % len(ADDRESSES)], 0)), 5)
            held.append(writer)
        except (OSError, TimeoutError):
            refused += 1
    await asyncio.sleep(1)  # the broker closes those beyond its max_connections
    still = [w for w in held if not w.transport.is_closing()]
    return still, refused


async def pad_enters(club: object, port: int) -> None:
    async with director(club.station) as api:  # type: ignore[attr-defined]
        key = await pair(api, PAD)
    assert club.station.logins is not None  # type: ignore[attr-defined]
    await club.station.logins.settle(PAD, timeout=10)  # type: ignore[attr-defined]
    while True:  # a pad retries at its reconnection pace
        try:
            pad = AuthPad(port, "club", PAD, username=unit_username(PAD),
                          password=mqtt_password(key))
            pad.key = key
            async with pad:
                login = await pad.request(Login(section="A", table=1))
                assert isinstance(login[0], Ack), login
                seat = club.station.movements()["A"].at(1, 1)  # type: ignore[attr-defined]
                entered = await pad.request(Result(
                    section="A", table=1, round=1, board=seat.boards[0], ns=seat.ns,
                    ew=seat.ew, contract="3NT", declarer=Seat.N, tricks=9))
                assert isinstance(entered[0], Ack), entered
                return
        except aiomqtt.MqttError:
            await asyncio.sleep(0.5)


async def main(attempts: int, with_firewall: bool) -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    with tempfile.TemporaryDirectory(prefix="idle-") as tmp:
        async with secured_club(Path(tmp)) as club:
            if with_firewall:
                firewall(club.port, club.websockets)
            held, refused = await idle(club.port, attempts)
            loop = asyncio.get_running_loop()
            started = loop.time()
            took: float | None = None
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(30):
                    await pad_enters(club, club.port)
                    took = round(loop.time() - started, 2)
            for writer in held:
                writer.close()
    print(json.dumps({"held": len(held), "refused": refused, "seconds": took}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), "--firewall" in sys.argv))
