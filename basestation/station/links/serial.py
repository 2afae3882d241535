"""The serial link: a radio receiver on a USB-serial port, binary frames from many units."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import serial
import serial_asyncio_fast

from basestation.station.core.hub import Hub, Inbound
from basestation.station.core.outbox import Numbering
from basestation.station.links.line_order import LineOrder
from firmware_protocol import binary
from firmware_protocol.messages import Body, Feedback, GameData, Message

log = logging.getLogger(__name__)
# How far ahead of the line the station writes: enough that the line never idles while the
# event loop is busy, little enough that feedback already handed to the port holds up an ack
# by no more than that and the message on the line.
LEAD_SECONDS = 0.02


class _Transport(serial_asyncio_fast.SerialTransport):
    """pyserial-asyncio-fast's transport, minus one fault.

    Once a write has had to wait (the receiver's buffer was full), the library keeps its
    write callback registered after the buffer drains, and the callback then fails on the
    empty buffer on every turn of the event loop. Here it unregisters instead.
    """

    def _write_ready(self) -> None:
        if not self._write_buffer:
            self._remove_writer()
            return
        super()._write_ready()


class _Receiver(asyncio.Protocol):
    def __init__(self, link: SerialLink) -> None:
        self.link = link
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.link.transport = transport

    def data_received(self, data: bytes) -> None:
        self.link.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.link.transport = None
        if not self.lost.done():
            self.lost.set_result(None)


class SerialLink:
    """One receiver. An unplugged receiver is reopened with backoff."""

    def __init__(self, hub: Hub, port: str, baud: int = 115200, channel: int = 16) -> None:
        self.name = f"serial:{port}"
        self.hub = hub
        self.port = port
        self.baud = baud
        self.channel = channel
        self.decoder = binary.FrameDecoder()
        self.transport: Any = None
        self.connected = asyncio.Event()
        self.opened = 0
        self._paused: asyncio.Future[None] | None = None
        self.order = LineOrder()
        self._waiting = asyncio.Event()
        self._line_free_at = 0.0  # when the line will have sent everything written so far

    def feed(self, data: bytes) -> None:
        for item in self.decoder.feed(data):
            if isinstance(item, binary.DecodeError):
                self.hub.refusals.frame(self, item)
                continue
            self.hub.submit(Inbound(item, self))
        if not self.hub.has_room() and self.transport is not None and self._paused is None:
            # Backpressure: stop reading the port until the hub catches up.
            self.transport.pause_reading()
            self._paused = asyncio.ensure_future(self._resume_when_room())

    async def _resume_when_room(self) -> None:
        try:
            await self.hub.room()
            if self.transport is not None:
                self.transport.resume_reading()
        finally:
            self._paused = None

    def fit(self, body: Body) -> list[Body]:
        """game_data and feedback too big for one frame go as parts (SPEC.md)."""
        if isinstance(body, GameData):
            return list(binary.split_game_data(body))
        if isinstance(body, Feedback):
            return list(binary.split_feedback(body))
        return [body]

    def send(self, message: Message, key: bytes) -> None:
        """A message numbered already (station seq 0: BAD_MAC, a refused frame): an answer."""
        if self.transport is not None:
            self.order.put_answer(lambda: binary.encode_frame(message, key))
            self._waiting.set()
        # Not connected: the pad retransmits and the stored answer is sent again.

    def post(self, unit: int, body: Body, number: Numbering) -> None:
        """Queues a body for a unit; `number` gives its parts their station seqs when it goes
        out, so whatever goes first, a pad sees the seqs rise (SPEC.md 8, 11.9)."""
        if self.transport is None:
            return  # as in `send`
        # Split (which measures by encoding) only when it goes: feedback may be replaced first.
        self.order.put(unit, body, lambda: b"".join(
            binary.encode_frame(message, key) for message, key in number(self.fit(body))))
        self._waiting.set()

    async def _write_out(self) -> None:
        """Writes one queued message at a time, each when the line has nearly sent the last:
        what waits in the station can still be put in order (feedback after everything
        owed); what is in the port's buffer cannot."""
        loop = asyncio.get_running_loop()
        bytes_per_s = self.baud / 10  # 8N1: ten bits a byte
        while True:
            if not self.order:
                self._waiting.clear()
                await self._waiting.wait()
            ahead = self._line_free_at - loop.time() - LEAD_SECONDS
            if ahead > 0:
                await asyncio.sleep(ahead)
            frames = self.order.take()
            if frames is None or self.transport is None:
                continue
            try:
                data = frames()
            except Exception:  # one message that cannot be made must not stop the line
                log.exception("a message on %s could not be encoded", self.name)
                continue
            if not data:
                continue
            self.transport.write(data)
            self._line_free_at = max(self._line_free_at, loop.time()) + len(data) / bytes_per_s

    async def _open(self, loop: asyncio.AbstractEventLoop) -> _Receiver:
        receiver = _Receiver(self)
        port = await loop.run_in_executor(
            None, lambda: serial.serial_for_url(self.port, baudrate=self.baud))
        _Transport(loop, receiver, port)
        return receiver

    async def run(self) -> None:
        delay = 0.1
        loop = asyncio.get_running_loop()
        while True:
            try:
                receiver = await self._open(loop)
            except Exception as exc:  # SerialException or OSError: the receiver is not there
                log.warning("receiver %s not available (%s); retrying in %.1fs",
                            self.port, exc, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            delay = 0.1
            self.opened += 1
            # The station does not set the receiver's radio: the channel is only a record, to
            # check against the pads' (SPEC.md 11.6).
            log.info("receiver %s open at %d baud, radio channel %d", self.port, self.baud,
                     self.channel)
            self.decoder = binary.FrameDecoder()
            self.connected.set()
            writer = asyncio.create_task(self._write_out())
            try:
                await receiver.lost
            finally:
                writer.cancel()
                self.order.clear()  # unplugged: pads retransmit and are answered again
                if self.transport is not None:  # stopped, not unplugged: let the port go
                    self.transport.close()
            self.connected.clear()
            log.warning("receiver %s unplugged; reopening", self.port)
