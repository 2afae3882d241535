"""Harnesses that play the players' part for the conformance kit: they drive a pad under
test programmatically where a person would press its keys."""

from __future__ import annotations

from firmware_protocol.messages import Result
from firmware_protocol.security import unit_key
from simulator.units import SimPad


class SimOperator:
    """The players at a simulated pad (radio or MQTT), through its public interface."""

    def __init__(self, sim: SimPad, secret: str | None = None) -> None:
        self.sim = sim
        self.secret = secret  # the station's, to pair the unit again (None: cannot)

    async def switch_on(self) -> None:
        await self.sim.power_on()

    async def power_cycle(self) -> None:
        await self.sim.battery_change(0.2)

    async def log_in(self, section: str, table: int) -> None:
        self.sim.act(lambda pad, now: pad.login(section, table, now))

    async def enter(self, result: Result) -> None:
        self.sim.act(lambda pad, now: pad.enter(result, now))

    async def shows(self, result: Result) -> bool | None:
        stored = self.sim.pad.entry_for(result.round, result.board)
        return stored is not None and stored.body == result

    async def shows_locked(self) -> bool | None:
        return self.sim.memory.locked is not None

    async def pair_again(self) -> bytes | None:
        """The director's pairing moves the unit to epoch 1; the pad is given that key."""
        if self.secret is None:
            return None
        key = unit_key(self.secret, self.sim.unit, 1)
        await self.sim.pair_again(key)
        return key


class ForgetfulOperator(SimOperator):
    """A broken pad: its counter is not kept across a power cycle (SPEC 6.4), so after a
    battery change it reuses seqs from 1."""

    async def power_cycle(self) -> None:
        await self.sim.power_off()
        self.sim.memory.seq_reserved = 1
        await self.sim.power_on()
