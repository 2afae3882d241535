"""Run inside a network namespace of its own (`unshare -n`, by test_idle_connections): the
shipped broker and station, and with `--firewall` deploy/nftables/basestation.nft (the
station's user: this test's); another user's program on this computer (`nobody`) opens idle
connections to the station's own listener (16 at most), then the station restarts. Prints one
JSON line: the connections that program got, and the seconds the restarted station took to
connect to the broker (null: not within 20 s)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from basestation.station.app import Station
from basestation.station.config import load_config
from tests.deploy.conftest import secured_club
from tests.deploy.idle_attack import firewall

NOBODY = 65534


HOLDER = """
import select, socket, sys, time
held, told = [], False
began = time.time()
while time.time() - began < 60:  # a slot the broker frees is taken again at once
    try:
        s = socket.create_connection(("127.0.0.1", PORT), timeout=1)
        held.append(s)
    except OSError:
        time.sleep(0.01)
    readable, _, _ = select.select(held, [], [], 0)
    for gone in [s for s in readable if not s.recv(1)]:  # closed by the broker
        held.remove(gone)
        gone.close()
    if not told and time.time() - began > 3:
        print(len(held), flush=True)
        told = True
"""


def hold_as_nobody(port: int) -> subprocess.Popen[str]:
    """A child as `nobody` holding idle connections to `port`, opening another as soon as
    one closes; it prints how many it holds after 3 s."""
    return subprocess.Popen(["/usr/bin/python3", "-c", HOLDER.replace("PORT", str(port))],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
                            user=NOBODY, group=NOBODY)


async def main(flags: list[str]) -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    with tempfile.TemporaryDirectory(prefix="listener-") as tmp:
        os.chmod(tmp, 0o755)
        async with secured_club(Path(tmp)) as club:
            if "--firewall" in flags:
                firewall(club.port, club.websockets, club.station_port, "daemon")
            holder = hold_as_nobody(club.station_port)
            assert holder.stdout is not None
            got = int(await asyncio.to_thread(holder.stdout.readline))
            await club.station.stop()  # the station restarts
            station = Station(load_config(club.config))
            loop = asyncio.get_running_loop()
            started = loop.time()
            took: float | None = None
            await station.start()
            try:
                link = station.mqtt
                assert link is not None
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(20):
                        await link.connected.wait()
                        took = round(loop.time() - started, 2)
            finally:
                await station.stop()
                holder.kill()
    print(json.dumps({"held": got, "seconds": took}), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
