"""The kit's side of a link to the pad under test: a serial port (binary frames, SPEC 11) or
an MQTT broker (JSON on the unit's topics, SPEC 10), as the station's own links speak them."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from typing import Any

import aiomqtt

from firmware_protocol import binary, jsonwire, topics
from firmware_protocol.messages import Message, ProtocolError, Received

SERIAL_TIMEOUT = 1.5  # SPEC 6.6: the pad's first answer timeout on each link
MQTT_TIMEOUT = 5.0


class KitLink:
    """What the kit hears (`heard`: a decoded message, or None for a frame it could not
    read) and how it writes (`encode` a message, `write` bytes)."""

    name = "link"
    first_timeout = SERIAL_TIMEOUT
    framed = True  # binary frames (SPEC 11), or JSON (SPEC 10)

    def __init__(self) -> None:
        self.heard: asyncio.Queue[Received | None] = asyncio.Queue()

    def encode(self, message: Message, key: bytes) -> bytes:
        raise NotImplementedError

    def write(self, data: bytes) -> None:
        raise NotImplementedError

    async def start(self) -> None:
        raise NotImplementedError

    async def stop(self) -> None:
        raise NotImplementedError


class _SerialReceiver(asyncio.Protocol):
    def __init__(self, link: SerialKitLink) -> None:
        self.link = link

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.link.transport = transport

    def data_received(self, data: bytes) -> None:
        for item in self.link.decoder.feed(data):
            if isinstance(item, binary.DecodeError):
                if item.unit in (None, self.link.unit):
                    self.link.heard.put_nowait(None)
            elif item.message.unit == self.link.unit:  # a shared channel: others' frames
                self.link.heard.put_nowait(item)


class SerialKitLink(KitLink):
    first_timeout = SERIAL_TIMEOUT

    def __init__(self, port: str, baud: int, unit: int) -> None:
        super().__init__()
        self.name = f"serial {port} at {baud} baud"
        self.port, self.baud, self.unit = port, baud, unit
        self.decoder = binary.FrameDecoder()
        self.transport: Any = None

    def encode(self, message: Message, key: bytes) -> bytes:
        return binary.encode_frame(message, key)

    def write(self, data: bytes) -> None:
        if self.transport is not None:
            self.transport.write(data)

    async def start(self) -> None:
        from serial_asyncio_fast import create_serial_connection

        loop = asyncio.get_running_loop()
        await create_serial_connection(loop, lambda: _SerialReceiver(self), self.port,
                                       baudrate=self.baud)

    async def stop(self) -> None:
        if self.transport is not None:
            self.transport.close()
            self.transport = None


class MqttKitLink(KitLink):
    """Plays the station on the broker: its retained status `online` (will `offline`), the
    unit's `down` topic to write, its `up` topic to hear."""

    first_timeout = MQTT_TIMEOUT
    framed = False

    def __init__(self, host: str, port: int, station: str, unit: int, *,
                 username: str | None = None, password: str | None = None,
                 websockets: bool = False) -> None:
        super().__init__()
        self.name = f"MQTT {host}:{port}, station {station}"
        self.host, self.port, self.station, self.unit = host, port, station, unit
        self.username, self.password = username, password
        self.transport = "websockets" if websockets else "tcp"
        self._outgoing: asyncio.Queue[tuple[str, bytes, bool]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    def encode(self, message: Message, key: bytes) -> bytes:
        return jsonwire.encode(message, key)

    def write(self, data: bytes) -> None:
        self._outgoing.put_nowait((topics.down(self.station, self.unit), data, False))

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="conformance-mqtt")
        async with asyncio.timeout(10):
            await self._ready.wait()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, aiomqtt.MqttError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        status = topics.status(self.station)
        will = aiomqtt.Will(status, b"offline", qos=1, retain=True)
        client = aiomqtt.Client(self.host, self.port, username=self.username,
                                password=self.password, will=will,
                                identifier=f"conformance-{self.station}-{self.unit}",
                                transport=self.transport,  # type: ignore[arg-type]
                                socket_options=((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),))
        async with client:
            await client.subscribe(topics.up(self.station, self.unit), qos=1)
            await client.publish(status, b"online", qos=1, retain=True)
            self._ready.set()
            writer = asyncio.create_task(self._write(client))
            try:
                async for message in client.messages:
                    if isinstance(message.payload, bytes) and not message.retain:
                        self._heard(message.payload)
            finally:
                writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await writer
                with contextlib.suppress(aiomqtt.MqttError):
                    await client.publish(status, b"offline", qos=1, retain=True)

    async def _write(self, client: aiomqtt.Client) -> None:
        while True:
            topic, payload, retain = await self._outgoing.get()
            await client.publish(topic, payload, qos=1, retain=retain)

    def _heard(self, payload: bytes) -> None:
        try:
            received = jsonwire.decode(payload)
        except ProtocolError:
            self.heard.put_nowait(None)
            return
        self.heard.put_nowait(received)
