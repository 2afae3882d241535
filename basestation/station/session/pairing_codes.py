"""One-time pairing codes (SPEC.md 10.5): what a browser pad's pairing link carries instead of
its key, so that nothing secret stays in the browser's history.

The director's pairing makes a code for the unit; the pad exchanges it, once, for the unit's
key (POST /api/pairing). A code is spent on its first use and worthless after `LIFE` seconds;
a new code for a unit voids the unit's older ones. Codes are kept in memory by their digest
only, so a restart voids them (the director pairs again). Codes spent, expired or replaced
are remembered a while, so the pad can say which rather than "unknown".
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

LIFE = 600.0  # seconds: ten minutes to scan the code
RETIRED_KEPT = 1024  # codes spent, expired or replaced, remembered to say so
CODE_BYTES = 16  # 128 bits: guessing one is hopeless (wrong ones are limited all the same)

SPENT = ("This pairing link has been used already: each link works once. Ask the director "
         "to pair the unit again for a new one")
EXPIRED = (f"This pairing link has expired: it works for {LIFE / 60:g} minutes. Ask the "
           "director to pair the unit again")
REPLACED = ("This pairing link was replaced by a newer one for the same unit: use the newest, "
            "or ask the director to pair the unit again")
UNKNOWN = ("This is not a pairing link the station gave (or the station restarted since): ask "
           "the director to pair the unit again")


class PairingRefused(Exception):
    """A code that gives no key; the text says why, in a sentence for the players.
    `gone`: a code the station gave, no longer good (rather than one it never gave)."""

    def __init__(self, sentence: str, *, gone: bool) -> None:
        super().__init__(sentence)
        self.gone = gone


@dataclass(frozen=True)
class _Code:
    unit: int
    expires: float  # on the clock


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


class PairingCodes:
    """The codes given and not yet spent, by digest, with those recently retired."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, life: float = LIFE) -> None:
        self.clock = clock
        self.life = life
        self._open: dict[str, _Code] = {}
        self._retired: OrderedDict[str, str] = OrderedDict()  # digest -> the sentence

    def issue(self, unit: int, life: float | None = None) -> str:
        """A new code for `unit`, good once within `life` seconds (the station's own unless
        given: the demo's lasts its run); the unit's older codes are void."""
        self._expire()
        for digest in [d for d, c in self._open.items() if c.unit == unit]:
            self._retire(digest, REPLACED)
        code = secrets.token_urlsafe(CODE_BYTES)
        self._open[_digest(code)] = _Code(unit, self.clock() + (life or self.life))
        return code

    def spend(self, code: str) -> int:
        """The unit the code was given for; the code is spent. PairingRefused (nothing
        changed) for a code spent, expired, replaced, or never given."""
        self._expire()
        digest = _digest(code)
        given = self._open.get(digest)
        if given is None:
            said = self._retired.get(digest)
            raise PairingRefused(said or UNKNOWN, gone=said is not None)
        self._retire(digest, SPENT)
        return given.unit

    def _expire(self) -> None:
        now = self.clock()
        for digest in [d for d, c in self._open.items() if c.expires <= now]:
            self._retire(digest, EXPIRED)

    def _retire(self, digest: str, sentence: str) -> None:
        self._open.pop(digest, None)
        self._retired[digest] = sentence
        while len(self._retired) > RETIRED_KEPT:
            self._retired.popitem(last=False)
