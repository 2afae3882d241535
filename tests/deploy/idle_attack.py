"""Run inside a network namespace of its own (`unshare -n`, by test_idle_connections): the
shipped broker (deploy/mosquitto/mosquitto.conf with dynamic security) and, with
`--firewall`, deploy/nftables/basestation.nft loaded with the test's ports; a stranger opens
idle connections that never log in from ADDRESSES addresses (127.0.0.2 up, or with `--ipv6`
2001:db8::2 up, all in one /64), PER_ADDRESS tries each, to the pads' listener; then the
director pairs a known pad again, and the pad logs in to the broker, to its table, and enters
a result. With `--known` the pad has played from its address before the stranger came.
With `--websockets` the stranger fills the browser pads' listener (9001) and the pad is a
browser pad, MQTT over WebSockets. Prints one JSON line: the connections the stranger got and
was refused, the seconds from the pairing to the result's ack (null: not within 30 s), and
whether one more connection from a new address was let in."""

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
from tests.deploy.conftest import DEPLOY, AuthPad, pair, secured_club
from tests.helpers import director

PAD = 17
HOST = "127.0.0.1"  # the broker's pads' listener: ::1 with --ipv6


def firewall(pads: int, websockets: int, station: int = 1884,
             station_user: str = "daemon") -> None:
    """The shipped rules with the test's ports; the station's user (none here: daemon)."""
    text = (DEPLOY / "nftables" / "basestation.nft").read_text()
    text = text.replace("{ 1883, 9001 }", f"{{ {pads}, {websockets} }}")
    text = text.replace("sport 1883", f"sport {pads}").replace("dport 1884", f"dport {station}")
    text = text.replace("{ root, basestation }", f"{{ root, {station_user} }}")
    subprocess.run(["nft", "-f", "-"], input=text.encode(), check=True)


class BrowserPad(AuthPad):
    """The station's /pad page: MQTT over WebSockets, logged in as its unit."""

    async def __aenter__(self) -> BrowserPad:
        self._client = aiomqtt.Client(self.host, self.port, identifier=f"browser-{self.unit}",
                                      username=self.username, password=self.password,
                                      transport="websockets", websocket_path="/mqtt")
        await self._client.__aenter__()
        await self._client.subscribe(self.down, qos=1)
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._write())]
        return self


def addresses(count: int, ipv6: bool) -> list[str]:
    global HOST  # noqa: PLW0603 (one run, one family)
    if ipv6:  # any address of the /64 is this computer's (a local route), as on a laptop
        HOST = "::1"
        for network in ("2001:db8::/64", "2001:db8:1::/64"):  # the stranger's, a newcomer's
            subprocess.run(["ip", "-6", "route", "add", "local", network, "dev", "lo"],
                           check=True)
        subprocess.run(["sysctl", "-qw", "net.ipv6.ip_nonlocal_bind=1"], check=True)
        return [f"2001:db8::{n:x}" for n in range(2, 2 + count)]
    return [f"127.0.{n // 250}.{2 + n % 250}" for n in range(count)]


async def idle(port: int, sources: list[str], per_address: int,
               ) -> tuple[list[asyncio.StreamWriter], int]:
    held, refused = [], 0
    for n in range(len(sources) * per_address):
        source = sources[n % len(sources)]
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection(
                HOST, port, local_addr=(source, 0)), 5)
            held.append(writer)
        except (OSError, TimeoutError):
            refused += 1
    await asyncio.sleep(1)  # the broker closes those beyond its max_connections
    still = [w for w in held if not w.transport.is_closing()]
    return still, refused


async def newcomer(port: int) -> bool:
    """Whether one more connection, from a network nobody used, is let in."""
    source = "2001:db8:1::1" if ":" in HOST else "127.0.3.1"
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(
            HOST, port, local_addr=(source, 0)), 5)
    except (OSError, TimeoutError):
        return False
    await asyncio.sleep(0.5)
    let_in = not writer.transport.is_closing()
    writer.close()
    return let_in


async def pad_enters(club: object, port: int, unit: int = PAD, table: int = 1,
                     kind: type[AuthPad] = AuthPad) -> None:
    async with director(club.station) as api:  # type: ignore[attr-defined]
        key = await pair(api, unit)
    assert club.station.logins is not None  # type: ignore[attr-defined]
    await club.station.logins.settle(unit, timeout=10)  # type: ignore[attr-defined]
    while True:  # a pad retries at its reconnection pace
        try:
            pad = kind(port, "club", unit, username=unit_username(unit), host=HOST,
                          password=mqtt_password(key))
            pad.key = key
            async with pad:
                login = await pad.request(Login(section="A", table=table))
                assert isinstance(login[0], Ack), login
                seat = club.station.movements()["A"].at(1, table)  # type: ignore[attr-defined]
                entered = await pad.request(Result(
                    section="A", table=table, round=1, board=seat.boards[0], ns=seat.ns,
                    ew=seat.ew, contract="3NT", declarer=Seat.N, tricks=9))
                assert isinstance(entered[0], Ack), entered
                return
        except aiomqtt.MqttError:
            await asyncio.sleep(0.5)


async def main(count: int, per_address: int, flags: list[str]) -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    sources = addresses(count, "--ipv6" in flags)
    with tempfile.TemporaryDirectory(prefix="idle-") as tmp:
        async with secured_club(Path(tmp), ipv6="--ipv6" in flags) as club:
            if "--firewall" in flags:
                firewall(club.port, club.websockets)
            browser = "--websockets" in flags
            port, kind = (club.websockets, BrowserPad) if browser else (club.port, AuthPad)
            if "--known" in flags:  # the pad played from its address before
                async with asyncio.timeout(30):
                    await pad_enters(club, port, unit=PAD + 1, table=2, kind=kind)
            held, refused = await idle(port, sources, per_address)
            loop = asyncio.get_running_loop()
            started = loop.time()
            took: float | None = None
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(30):
                    await pad_enters(club, port, kind=kind)
                    took = round(loop.time() - started, 2)
            let_in = await newcomer(port)
            for writer in held:
                writer.close()
    print(json.dumps({"held": len(held), "refused": refused, "seconds": took,
                      "newcomer": let_in}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]))
