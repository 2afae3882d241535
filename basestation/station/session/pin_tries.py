"""The director's PIN given at a pad (a takeover, SPEC.md 6.1): tries limited per unit.

A unit may give a wrong PIN `FREE_TRIES` times; then it must wait before the station checks a
PIN from it again: `FIRST_WAIT` seconds, doubled at each wrong PIN after a wait, up to
`LONGEST_WAIT`. A PIN given while the unit waits is refused without being checked, so a pad
guessing the PIN gains nothing by sending faster. A right PIN, or the director's reset of the
unit, forgets its wrong tries. Kept in memory only: a pad cannot restart the station.
"""

from __future__ import annotations

import hmac
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from basestation.station.effects.alerts import AlertKind, AlertOut, alert
from basestation.station.effects.changes import ABSENT, Change, EntryAsWas

FREE_TRIES = 5
FIRST_WAIT = 60.0  # seconds
LONGEST_WAIT = 3600.0


@dataclass(frozen=True)
class PinRefused:
    """Why a PIN was refused: `wait` seconds before the unit's PIN is checked again (0: it
    may try at once), `checked` False when it was refused unchecked, the unit waiting."""

    wait: int
    checked: bool
    wrong: int  # wrong PINs from the unit so far

    @property
    def began_wait(self) -> bool:
        """This wrong PIN made the unit wait: the director is told."""
        return self.checked and self.wait > 0


@dataclass
class _Tries:
    wrong: int = 0
    wait: float = 0.0  # the last wait given, in seconds
    until: float = 0.0  # on the clock: when the unit may try again


@dataclass
class PinTries:
    """Each unit's wrong PINs and the wait they cost it."""

    clock: Callable[[], float] = time.monotonic
    units: dict[int, _Tries] = field(default_factory=dict)

    def check(self, unit: int, given: str, pin: str | None) -> PinRefused | None:
        """None when `given` is the director's `pin` (and the unit may try now); else why not.
        With no PIN set, every PIN is wrong."""
        tries = self.units.get(unit)
        if tries is not None and (left := tries.until - self.clock()) > 0:
            return PinRefused(wait=math.ceil(left), checked=False, wrong=tries.wrong)
        if pin is not None and hmac.compare_digest(given.encode(), pin.encode()):
            self.units.pop(unit, None)
            return None
        tries = self.units.setdefault(unit, _Tries())
        tries.wrong += 1
        if tries.wrong < FREE_TRIES:
            return PinRefused(wait=0, checked=True, wrong=tries.wrong)
        tries.wait = FIRST_WAIT if not tries.wait else min(tries.wait * 2, LONGEST_WAIT)
        tries.until = self.clock() + tries.wait
        return PinRefused(wait=math.ceil(tries.wait), checked=True, wrong=tries.wrong)

    def forget(self, unit: int) -> bool:
        """The director reset the unit: its wrong PINs are forgotten. Whether it had any."""
        return self.units.pop(unit, None) is not None

    def alerts(self) -> list[AlertOut]:
        """A standing grid alert for each unit that has had to wait: who, how many wrong PINs,
        and until when its PIN is not checked (None once the wait is over)."""
        now, wall = self.clock(), datetime.now(UTC)
        found = []
        for unit, tries in sorted(self.units.items()):
            if tries.wrong < FREE_TRIES:
                continue
            left = tries.until - now
            until = (wall + timedelta(seconds=left)).isoformat() if left > 0 else None
            found.append(alert(AlertKind.WRONG_PIN, unit=unit, count=tries.wrong, until=until))
        return found


@dataclass(frozen=True)
class PinsForgiven(Change):
    """The director reset the unit: its wrong PINs are forgotten (kept in memory only)."""

    tries: PinTries
    unit: int

    def apply(self) -> Change:
        return EntryAsWas(self.tries.units, self.unit, self.tries.units.pop(self.unit, ABSENT))
