"""A BridgeScorer's network side: its own MQTT connection, JSON messages on its own topics.

Faults (lost, duplicated or corrupted publishes, a network blackout) are applied here, so the
pad's state machine sees exactly what firmware would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import aiomqtt

from firmware_protocol import jsonwire, topics
from firmware_protocol.messages import Message, ProtocolError, Received
from firmware_protocol.security import mqtt_password, unit_username
from simulator.radio import AirFaults

# Small messages go out at once: Nagle and delayed acks would add ~40 ms per hop.
NO_DELAY = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)
log = logging.getLogger(__name__)
# aiomqtt 2.x stalls with many concurrent QoS 1 publishes (docs/ARCHITECTURE.md, Known pitfalls)
IN_FLIGHT = 8


@dataclass
class NetStats:
    published: int = 0
    lost: int = 0
    corrupted: int = 0
    duplicated: int = 0
    dropped_in_blackout: int = 0
    undecodable: int = 0


class MqttConnection:
    """One pad's connection: publishes on `.../up`, hands what arrives on `.../down` over."""

    def __init__(self, port: int, station: str, unit: int, key: bytes,
                 deliver: Callable[[Received], None], *, host: str = "127.0.0.1",
                 faults: AirFaults | None = None, rng: random.Random | None = None,
                 websockets: bool = False) -> None:
        self.host, self.port = host, port
        # The browser pad's way in: MQTT over WebSockets (SPEC.md 10.4).
        self.transport: Literal["tcp", "websockets"] = "websockets" if websockets else "tcp"
        self.unit = unit
        self.key = key
        self.deliver = deliver
        self.up, self.down = topics.up(station, unit), topics.down(station, unit)
        self.availability = topics.availability(station, unit)
        self.faults = faults or AirFaults()
        self.rng = rng or random.Random(unit)
        self.stats = NetStats()
        self.connected = asyncio.Event()
        self._outgoing: asyncio.Queue[bytes] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._blackout_until = 0.0
        self._loop = asyncio.get_running_loop()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"mqtt-pad-{self.unit}")
        async with asyncio.timeout(10):
            await self.connected.wait()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.connected.clear()

    def blackout(self, seconds: float) -> None:
        """The pad's Wi-Fi drops: nothing in or out for a while."""
        self._blackout_until = max(self._blackout_until, self._loop.time() + seconds)

    def back(self) -> None:
        """The pad's Wi-Fi is back now, whatever blackout was under way."""
        self._blackout_until = 0.0

    def _dark(self) -> bool:
        return self._loop.time() < self._blackout_until

    def _chance(self, rate: float) -> bool:
        return rate > 0 and self.rng.random() < rate

    def _dropped(self) -> bool:
        """A blackout or a lost message, either way: counted, and nothing goes through."""
        if self._dark():
            self.stats.dropped_in_blackout += 1
            return True
        if self._chance(self.faults.loss):
            self.stats.lost += 1
            return True
        return False

    def transmit(self, message: Message) -> None:
        payload = jsonwire.encode(message, self.key)
        if self._dropped():
            return
        copies = 2 if self._chance(self.faults.duplicate) else 1
        self.stats.duplicated += copies - 1
        for _ in range(copies):
            if self._chance(self.faults.corrupt):
                self.stats.corrupted += 1
                self._outgoing.put_nowait(self._corrupted(payload))
            else:
                self._outgoing.put_nowait(payload)

    def _corrupted(self, payload: bytes) -> bytes:
        # A flipped bit in the mac's hex digits: the station answers BAD_MAC, which pads ignore.
        data = bytearray(payload)
        where = payload.rindex(b'"mac":"') + 7 + self.rng.randrange(8)
        data[where] = ord("0") if data[where] != ord("0") else ord("1")
        return bytes(data)

    async def _run(self) -> None:
        delay = 0.1
        while True:
            try:
                await self._session()
            except aiomqtt.MqttError as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # switched off, not a lost broker
                    raise asyncio.CancelledError from exc
                log.debug("pad %s lost the broker (%s)", self.unit, exc)
            self.connected.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    async def _session(self) -> None:
        will = aiomqtt.Will(self.availability, b"offline", qos=1, retain=True)
        # The pad's own broker login (SPEC.md 10.3): a secured broker lets it in as itself.
        client = aiomqtt.Client(self.host, self.port, identifier=f"pad-{self.unit}", will=will,
                                username=unit_username(self.unit),
                                password=mqtt_password(self.key),
                                max_inflight_messages=IN_FLIGHT * 2, socket_options=NO_DELAY,
                                transport=self.transport)
        async with client:
            await client.subscribe(self.down, qos=1)
            await client.publish(self.availability, b"online", qos=1, retain=True)
            self.connected.set()
            writer = asyncio.create_task(self._write(client))
            try:
                async for message in client.messages:
                    if isinstance(message.payload, bytes):
                        self._received(message.payload)
            finally:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer

    async def _write(self, client: aiomqtt.Client) -> None:
        window = asyncio.Semaphore(IN_FLIGHT)
        tasks: set[asyncio.Task[None]] = set()

        async def publish(payload: bytes) -> None:
            try:
                await client.publish(self.up, payload, qos=1)
                self.stats.published += 1
            except aiomqtt.MqttError:
                pass  # the pad's own retransmission covers it
            finally:
                window.release()

        while True:
            payload = await self._outgoing.get()
            await window.acquire()
            task = asyncio.create_task(publish(payload))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

    def _received(self, payload: bytes) -> None:
        if self._dropped():
            return
        try:
            received = jsonwire.decode(payload)
        except ProtocolError:
            self.stats.undecodable += 1
            return
        self.deliver(received)
