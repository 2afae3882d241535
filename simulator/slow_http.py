"""A stranger holding slow HTTP connections to the station, as a process of its own: from each
of several loopback addresses it keeps `per_address` connections open, each opened again as
soon as the station closes it (after `pause` seconds, a stranger's script's pace on a busy
machine). Each one, by MODE: `headers` sends a request's headers a byte every `drip`
seconds; `stream` asks for the live stream at once and never reads it; `body` sends a
login's headers at once and its body a byte every `drip` seconds.

    python -m simulator.slow_http PORT FIRST_ADDRESS ADDRESSES PER_ADDRESS [MODE]

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
STREAM = b"GET /api/stream HTTP/1.1\r\nHost: station\r\n\r\n"
BODY = (b"POST /api/login HTTP/1.1\r\nHost: station\r\nContent-Type: application/json\r\n"
        b"Content-Length: 4000\r\n\r\n")
# What each mode sends at once, and then a byte at a time.
MODES = {"headers": (b"", HEAD), "stream": (STREAM, b""), "body": (BODY, b"x" * 4000)}


async def hold(port: int, address: str, count: dict[str, int], mode: str, *, drip: float,
               pause: float) -> None:
    at_once, dripped = MODES[mode]
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
            writer.write(at_once)
            for byte in dripped:
                if closed.done():
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.wait([closed], timeout=drip)
            await closed  # the stream, never read, until the station closes it
        except (ConnectionError, OSError):
            pass
        finally:
            count["held"] -= 1
            closed.cancel()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()
        await asyncio.sleep(pause)


async def main(port: int, first: str, addresses: int, per_address: int, mode: str = "headers",
               *, drip: float = 1.0, pause: float = 1.0) -> None:
    count = {"opened": 0, "held": 0}
    start = ipaddress.ip_address(first)
    tasks = [asyncio.create_task(hold(port, str(start + a), count, mode, drip=drip,
                                               pause=pause))
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
    asyncio.run(main(int(port), first, int(addresses), int(per_address), *sys.argv[5:6]))
