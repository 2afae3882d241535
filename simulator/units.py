"""Simulated pads with their power switch: a bridgepad on the virtual radio, a BridgeScorer on
MQTT. Each keeps its non-volatile memory across power cycles (a battery change)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from firmware_protocol.messages import LATEST_VERSION, Message, Received
from firmware_protocol.security import unit_key
from simulator.driver import PadDriver
from simulator.memory import PadMemory
from simulator.mqtt import MqttConnection
from simulator.notices import Notice
from simulator.pad import Pad, PadStats
from simulator.radio import AirFaults, VirtualRadio
from simulator.timing import Timing, mqtt_timing, radio_timing


class SimPad:
    """A pad that can be switched on and off; `notices` carries over a power cycle."""

    kind = "pad"

    def __init__(self, unit: int, secret: str, timing: Timing,
                 rng: random.Random | None = None, *, protocol: int = LATEST_VERSION) -> None:
        # `protocol`: the highest version its firmware speaks (1: an old bridgepad).
        self.memory = PadMemory(unit=unit, key=unit_key(secret, unit), protocol=protocol)
        self.timing = timing
        self.rng = rng or random.Random(unit)
        self.notices: asyncio.Queue[Notice] = asyncio.Queue()
        self.driver: PadDriver | None = None
        self.power_cycles = 0
        self.earlier: list[PadStats] = []  # the machine's counters from before each power-off
        self._waiting_keys: list[Callable[[Pad, float], None]] = []

    @property
    def unit(self) -> int:
        return self.memory.unit

    @property
    def pad(self) -> Pad:
        if self.driver is None:
            raise RuntimeError(f"pad {self.unit} is switched off")
        return self.driver.pad

    @property
    def on(self) -> bool:
        return self.driver is not None

    @property
    def retransmitted(self) -> int:
        now = [self.driver.pad.stats] if self.driver is not None else []
        return sum(stats.retransmitted for stats in [*self.earlier, *now])

    def act(self, keys: Callable[[Pad, float], None]) -> None:
        """The players press keys: `keys(pad, now)`, then the pad acts at once."""
        driver = self.driver
        if driver is None:
            self._waiting_keys.append(keys)  # the screen is dark: the players wait for it
            return
        keys(driver.pad, driver.now())
        driver.poke()

    async def power_on(self) -> None:
        if self.driver is not None:
            return  # already on (left on between two sessions, say)
        await self._open()
        self.driver = PadDriver(Pad(self.memory, self.timing, self.rng), self._transmit,
                                self.notices)
        self.driver.start()
        waiting, self._waiting_keys = self._waiting_keys, []
        for keys in waiting:
            self.act(keys)

    async def power_off(self) -> None:
        driver, self.driver = self.driver, None
        if driver is not None:
            await driver.stop()
            self.earlier.append(driver.pad.stats)
        await self._close()

    async def battery_change(self, seconds: float) -> None:
        """Off, a new battery, on: the pad resumes from its memory."""
        await self.power_off()
        await asyncio.sleep(seconds)
        self.power_cycles += 1
        await self.power_on()

    async def pair_again(self, key: bytes) -> None:
        """The director paired the unit again and this pad was given its new key (SPEC.md 7):
        off, the new key in its memory, on again; it speaks again with all it kept (as
        `PadMachine.paired`)."""
        await self.power_off()
        self.memory.key = key
        self.memory.key_replaced = False
        self._new_key(key)
        await self.power_on()

    @property
    def key_replaced(self) -> bool:
        """The station said this pad's key is an earlier one: it sends nothing."""
        return self.memory.key_replaced

    def _new_key(self, key: bytes) -> None:
        raise NotImplementedError

    def _deliver(self, received: Received) -> None:
        if self.driver is not None:
            self.driver.deliver(received)

    def _transmit(self, message: Message) -> None:
        raise NotImplementedError

    async def _open(self) -> None:
        raise NotImplementedError

    async def _close(self) -> None:
        raise NotImplementedError


class RadioPad(SimPad):
    """A bridgepad: binary frames on a shared radio channel."""

    kind = "radio"

    def __init__(self, radio: VirtualRadio, unit: int, secret: str, *, speed: float = 1.0,
                 rng: random.Random | None = None, protocol: int = LATEST_VERSION) -> None:
        super().__init__(unit, secret, radio_timing(speed), rng, protocol=protocol)
        self.radio = radio
        self._send = radio.transmitter(self.memory.key)

    def _transmit(self, message: Message) -> None:
        self._send(message)

    def _new_key(self, key: bytes) -> None:
        self._send = self.radio.transmitter(key)

    async def _open(self) -> None:
        self.radio.attach(self.unit, self._deliver)

    async def _close(self) -> None:
        self.radio.detach(self.unit)


class MqttPad(SimPad):
    """A BridgeScorer: JSON over its own MQTT connection."""

    kind = "mqtt"

    def __init__(self, port: int, station: str, unit: int, secret: str, *, speed: float = 1.0,
                 rng: random.Random | None = None, faults: AirFaults | None = None,
                 protocol: int = LATEST_VERSION, websockets: bool = False) -> None:
        super().__init__(unit, secret, mqtt_timing(speed), rng, protocol=protocol)
        self.connection = MqttConnection(port, station, unit, self.memory.key, self._deliver,
                                         faults=faults, rng=random.Random(self.rng.random()),
                                         websockets=websockets)

    def _transmit(self, message: Message) -> None:
        self.connection.transmit(message)

    def _new_key(self, key: bytes) -> None:
        self.connection.key = key  # its broker login too, from the next connection (10.3)

    async def _open(self) -> None:
        await self.connection.start()

    async def _close(self) -> None:
        await self.connection.stop()
