"""A virtual radio channel: many bridgepads sharing one receiver, which is the far end of a pty.

The station opens the pty's other end as its serial port. Frames on the air can be lost,
corrupted, duplicated and delayed, in both directions, and the whole channel can drop out.
A late frame holds back the frames sent after it by the same sender (one radio sends one frame
at a time), unless the faults say the air reorders them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import termios
import tty
from collections.abc import Callable
from dataclasses import dataclass

from firmware_protocol import binary
from firmware_protocol.messages import Message, Received


@dataclass(frozen=True)
class AirFaults:
    """Per-frame rates (0..1) and a latency range in seconds.

    With `reorder`, each frame's latency is its own, so a later frame may overtake an earlier
    one; without, a frame is never heard before one sent earlier to or from the same pad.
    """

    loss: float = 0.0
    corrupt: float = 0.0
    duplicate: float = 0.0
    latency: tuple[float, float] = (0.0, 0.0)
    reorder: bool = False


@dataclass
class AirStats:
    up: int = 0
    down: int = 0
    lost: int = 0
    corrupted: int = 0
    duplicated: int = 0
    dropped_in_dropout: int = 0
    undecodable: int = 0


class VirtualRadio:
    """One channel. `port` is the serial device the station should open."""

    def __init__(self, faults: AirFaults | None = None, rng: random.Random | None = None) -> None:
        self.faults = faults or AirFaults()
        self.rng = rng or random.Random(0)
        self.stats = AirStats()
        self.master, self._slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self._slave, termios.TCSANOW)  # no echo before the station opens it
        self.port = os.ttyname(self._slave)
        os.set_blocking(self.master, False)
        self._decoder = binary.FrameDecoder()
        self._units: dict[int, Callable[[Received], None]] = {}
        self._pending = bytearray()  # written when the pty has room
        self._silent_until = 0.0
        self._unit_silent_until: dict[int, float] = {}
        # When the last frame sent up or down for a unit is heard: a later one waits for it.
        self._last_heard: dict[tuple[str, int | None], float] = {}
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.master, self._readable)
        self._closed = False

    # -- pads --------------------------------------------------------------------------------

    def attach(self, unit: int, deliver: Callable[[Received], None]) -> None:
        self._units[unit] = deliver

    def detach(self, unit: int) -> None:
        self._units.pop(unit, None)

    def transmitter(self, key: bytes) -> Callable[[Message], None]:
        """What a pad's driver calls to put a message on the air."""
        return lambda message: self.send_frame(binary.encode_frame(message, key), message.unit)

    def dropout(self, seconds: float, unit: int | None = None) -> None:
        """Nothing gets through, either way, for a while: the whole channel, or one pad (carried
        out of range)."""
        until = self._loop.time() + seconds
        if unit is None:
            self._silent_until = max(self._silent_until, until)
        else:
            self._unit_silent_until[unit] = max(self._unit_silent_until.get(unit, 0.0), until)

    # -- the air -----------------------------------------------------------------------------

    def _silent(self, unit: int | None = None) -> bool:
        now = self._loop.time()
        if now < self._silent_until or (
                unit is not None and now < self._unit_silent_until.get(unit, 0.0)):
            self.stats.dropped_in_dropout += 1
            return True
        return False

    def _chance(self, rate: float) -> bool:
        return rate > 0 and self.rng.random() < rate

    def _heard_at(self, way: str, unit: int | None) -> float | None:
        """When a frame sent now is heard, on the loop's clock (None: at once)."""
        low, high = self.faults.latency
        delay = self.rng.uniform(low, high) if high > 0 else 0.0
        now = self._loop.time()
        if self.faults.reorder:
            return now + delay if delay else None
        # Strictly after the frame before it: timers due at the same moment run in any order.
        before = self._last_heard.get((way, unit), 0.0)
        if not delay and before < now:
            return None
        heard = max(now + delay, before + 1e-6)
        self._last_heard[(way, unit)] = heard
        return heard

    def send_frame(self, frame: bytes, unit: int | None = None) -> None:
        """Pad to station: a whole frame, subject to the channel's faults."""
        self.stats.up += 1
        if self._silent(unit):
            return
        if self._chance(self.faults.loss):
            self.stats.lost += 1
            return
        copies = 2 if self._chance(self.faults.duplicate) else 1
        self.stats.duplicated += copies - 1
        for _ in range(copies):
            data = frame
            if self._chance(self.faults.corrupt):
                self.stats.corrupted += 1
                data = self._corrupted(frame)
            heard = self._heard_at("up", unit)
            if heard is not None:
                self._loop.call_at(heard, self._write, data)
            else:
                self._write(data)

    def _corrupted(self, frame: bytes) -> bytes:
        # One byte inside the frame flipped; the CRC (or COBS) catches it at the station.
        data = bytearray(frame)
        where = self.rng.randrange(1, max(len(data) - 1, 2))
        data[where] ^= 1 << self.rng.randrange(8)
        if data[where] == 0:
            data[where] = 0x55
        return bytes(data)

    def _write(self, data: bytes) -> None:
        if self._closed:
            return
        self._pending += data
        self._flush()

    def _flush(self) -> None:
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self.master, self._writable)

    def _writable(self) -> None:
        self._loop.remove_writer(self.master)
        self._flush()

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            return  # the station closed its end; it will reopen
        for item in self._decoder.feed(data):
            if isinstance(item, binary.DecodeError):
                self.stats.undecodable += 1
                continue
            self._down(item)

    def _down(self, received: Received) -> None:
        """Station to pad: each pad's receiver hears the frame, or does not."""
        self.stats.down += 1
        deliver = self._units.get(received.message.unit)
        if deliver is None or self._silent(received.message.unit):
            return
        if self._chance(self.faults.loss):
            self.stats.lost += 1
            return
        if self._chance(self.faults.corrupt):
            self.stats.corrupted += 1  # the pad's CRC check drops it: the same as a loss
            return
        copies = 2 if self._chance(self.faults.duplicate) else 1
        self.stats.duplicated += copies - 1
        for _ in range(copies):
            heard = self._heard_at("down", received.message.unit)
            if heard is not None:
                self._loop.call_at(heard, self._deliver, received)
            else:
                deliver(received)

    def _deliver(self, received: Received) -> None:
        deliver = self._units.get(received.message.unit)
        if deliver is not None:
            deliver(received)

    def close(self) -> None:
        self._closed = True
        with contextlib.suppress(Exception):
            self._loop.remove_reader(self.master)
            self._loop.remove_writer(self.master)
        for fd in (self.master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
