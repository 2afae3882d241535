"""A stranger holding slow HTTP connections to the station, as a process of its own: from each
of several loopback addresses it keeps `per_address` connections open, each sending a
request's headers a byte every `drip` seconds and opened again as soon as the station closes
it (after `pause` seconds, a stranger's script's pace on a busy machine).

    python -m simulator.slow_http PORT FIRST_ADDRESS ADDRESSES PER_ADDRESS

Every half second it prints how many connections it has opened so far and how many the
station holds open now, until its standard input closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import sys

# The station's connections count as the stranger's once it holds this share of them: its
# count dips as the station closes the slowest (after their headers deadline) and it opens
# others, so every one held at a given moment is rare on a busy machine.
FILLED = 0.9
HEAD = b"GET /api/status HTTP/1.1\r\nHost: station\r\nUser-Agent: slow\r\n" + b"X-Slow: a" * 200


async def hold(port: int, address: str, count: dict[str, int], drip: float,
               pause: float) -> None:
    while True:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                           local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(pause)
            continue
        count["opened"] += 1
        count["held"] += 1
        closed = asyncio.create_task(reader.read())  # the station's answer, if any, then EOF
        try:
            for byte in HEAD:
                if closed.done():
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.wait([closed], timeout=drip)
        except (ConnectionError, OSError):
            pass
        finally:
            count["held"] -= 1
            closed.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        await asyncio.sleep(pause)


async def main(port: int, first: str, addresses: int, per_address: int, *,
               drip: float = 1.0, pause: float = 1.0) -> None:
    count = {"opened": 0, "held": 0}
    start = ipaddress.ip_address(first)
    tasks = [asyncio.create_task(hold(port, str(start + a), count, drip, pause))
             for a in range(addresses) for _ in range(per_address)]
    stdin = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin)
    stopped = asyncio.create_task(stdin.read())
    while not stopped.done():
        await asyncio.wait([stopped], timeout=0.5)
        print(count["opened"], count["held"], flush=True)
    for task in tasks:
        task.cancel()


if __name__ == "__main__":
    port, first, addresses, per_address = sys.argv[1:5]
    asyncio.run(main(int(port), first, int(addresses), int(per_address)))
