"""The pad's timers from SPEC.md 6.6 and 6.7, scaled by the simulation's speed factor."""

from __future__ import annotations

from dataclasses import dataclass

from firmware_protocol.pad_machine import Timers

RADIO_TIMEOUT = 1.5  # seconds before the first retransmission on serial/radio
MQTT_TIMEOUT = 5.0  # the same over MQTT
MAX_TIMEOUT = 30.0
GIVE_UP_ATTEMPTS = 8
PROBE_EVERY = 30.0  # heartbeat probe while out of contact
IDLE_HEARTBEAT = 60.0
GAME_DATA_WAIT = 10.0  # all parts of a game_data set within this, or ask again


@dataclass(frozen=True)
class Timing:
    """Timeouts in seconds of simulated time; `speed` divides them all.

    `min_timeout` keeps an accelerated pad from retransmitting faster than a real station can
    commit, which would only measure the simulator; the other timers keep their distance from
    it. At speed 1 the timers are SPEC.md's (on MQTT too: its 5 s doubles up to 30 s).
    """

    answer_timeout: float = RADIO_TIMEOUT
    speed: float = 1.0
    min_timeout: float = 0.2

    def _scaled(self, seconds: float) -> float:
        return seconds / self.speed

    @property
    def first(self) -> float:
        return max(self._scaled(self.answer_timeout), self.min_timeout)

    @property
    def cap(self) -> float:
        return max(self._scaled(MAX_TIMEOUT), self.first, self.min_timeout * 16)

    def timeout(self, attempt: int) -> float:
        """Without jitter: the first timeout doubled per attempt up to the cap."""
        return min(self.first * 2.0 ** (attempt - 1), self.cap)

    @property
    def probe(self) -> float:
        return max(self._scaled(PROBE_EVERY), self.min_timeout * 4)

    @property
    def idle(self) -> float:
        return max(self._scaled(IDLE_HEARTBEAT), self.min_timeout * 4)

    @property
    def game_data_wait(self) -> float:
        return max(self._scaled(GAME_DATA_WAIT), self.min_timeout * 4)

    @property
    def timers(self) -> Timers:
        """The reference pad's timers at this speed."""
        return Timers(self.first, self.cap, self.probe, self.idle, self.game_data_wait)


def radio_timing(speed: float = 1.0) -> Timing:
    return Timing(RADIO_TIMEOUT, speed)


def mqtt_timing(speed: float = 1.0) -> Timing:
    return Timing(MQTT_TIMEOUT, speed)
