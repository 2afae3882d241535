"""Minimal pads for station tests: they speak only through firmware_protocol."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import termios
import tty
from typing import Any

import aiomqtt

from firmware_protocol import binary, jsonwire
from firmware_protocol.messages import Ack, Body, GameData, Login, Message, Nak, Resend
from firmware_protocol.security import unit_key, verify


class TestPad:
    """Sends messages with rising sequence numbers and collects the station's answers."""

    def __init__(self, unit: int, secret: str = "change-me", seq: int = 1) -> None:
        self.unit = unit
        self.key = unit_key(secret, unit)
        self.seq = seq
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.forged = 0

    def accept(self, received: Any) -> None:
        if received.message.unit != self.unit:
            return
        if not verify(received, self.key):
            self.forged += 1
        self.inbox.put_nowait(received.message)

    def transmit(self, message: Message, key: bytes) -> None:
        raise NotImplementedError

    def send(self, body: Body, *, seq: int | None = None, key: bytes | None = None) -> int:
        if seq is None:
            seq = self.seq
            self.seq += 1
        self.transmit(Message(unit=self.unit, seq=seq, body=body), key or self.key)
        return seq

    async def answer(self, seq: int, timeout: float = 20.0, *, more: bool = False) -> list[Body]:
        """The ack or nak for `seq`; with `more`, also the game_data parts that follow it."""
        found: list[Body] = []
        async with asyncio.timeout(timeout):
            while True:
                body = (await self.inbox.get()).body
                if isinstance(body, Ack | Nak) and body.re == seq:
                    found.append(body)
                    if isinstance(body, Nak) or not more:
                        return found
                    break
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(0.3):
                while True:
                    body = (await self.inbox.get()).body
                    found.append(body)
                    if isinstance(body, GameData) and body.part == body.parts:
                        break
        return found

    async def request(self, body: Body, **kwargs: Any) -> list[Body]:
        more = isinstance(body, Login | Resend)
        return await self.answer(self.send(body, **kwargs), more=more)

    async def request_until_heard(self, body: Body, *, every: float = 1.0,
                                  within: float = 60.0) -> list[Body]:
        """As a pad does while the station starts: the same message (one seq) again every
        `every` seconds until it is answered. A station whose web port is up may not yet be
        subscribed on the broker, and a message published before that is gone."""
        seq = self.send(body)
        async with asyncio.timeout(within):
            while True:
                with contextlib.suppress(TimeoutError):
                    return await self.answer(seq, timeout=every,
                                             more=isinstance(body, Login | Resend))
                self.send(body, seq=seq)


class MqttPad(TestPad):
    """A BridgeScorer: JSON over MQTT on its own topics."""

    def __init__(self, port: int, station: str, unit: int, **kwargs: Any) -> None:
        super().__init__(unit, **kwargs)
        self.port = port
        self.up = f"bridge/{station}/pad/{unit}/up"
        self.down = f"bridge/{station}/pad/{unit}/down"
        self._client: aiomqtt.Client | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._outgoing: asyncio.Queue[bytes] = asyncio.Queue()

    async def __aenter__(self) -> MqttPad:
        self._client = aiomqtt.Client(
            "127.0.0.1", self.port, identifier=f"testpad-{self.unit}",
            socket_options=((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),))
        await self._client.__aenter__()
        await self._client.subscribe(self.down, qos=1)
        self._tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._write())]
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        assert self._client is not None
        await self._client.__aexit__(None, None, None)

    def transmit(self, message: Message, key: bytes) -> None:
        self._outgoing.put_nowait(jsonwire.encode(message, key))

    def transmit_raw(self, payload: bytes) -> None:
        self._outgoing.put_nowait(payload)

    async def _write(self) -> None:
        assert self._client is not None
        while True:
            await self._client.publish(self.up, await self._outgoing.get(), qos=1)

    async def _read(self) -> None:
        assert self._client is not None
        async for message in self._client.messages:
            assert isinstance(message.payload, bytes)
            self.accept(jsonwire.decode(message.payload))


class VirtualRadio:
    """The far end of a pty pair: what many bridgepads on one channel put on the air."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        tty.setraw(self.master)
        attrs = termios.tcgetattr(slave)
        tty.setraw(slave)
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.port = os.ttyname(slave)
        self._slave = slave
        self.decoder = binary.FrameDecoder()
        self.pads: dict[int, RadioPad] = {}
        asyncio.get_running_loop().add_reader(self.master, self._readable)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 4096)
        except OSError:
            return
        for item in self.decoder.feed(data):
            if not isinstance(item, binary.DecodeError) and item.message.unit in self.pads:
                self.pads[item.message.unit].accept(item)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def pad(self, unit: int, **kwargs: Any) -> RadioPad:
        pad = RadioPad(self, unit, **kwargs)
        self.pads[unit] = pad
        return pad

    def close(self) -> None:
        if self.master < 0:
            return  # closed already: its descriptor numbers may belong to someone else now
        with contextlib.suppress(Exception):
            asyncio.get_running_loop().remove_reader(self.master)
        for fd in (self.master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.master = self._slave = -1


class RadioPad(TestPad):
    """A bridgepad: binary frames through the shared radio."""

    def __init__(self, radio: VirtualRadio, unit: int, **kwargs: Any) -> None:
        super().__init__(unit, **kwargs)
        self.radio = radio

    def transmit(self, message: Message, key: bytes) -> None:
        self.radio.write(binary.encode_frame(message, key))
