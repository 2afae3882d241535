"""Who plays for each pair or team of the open event: set by the director (at set-up or
from the console) or from the player numbers entered at a table, the newest holding.

A place is (section, entrant, side). `side` is "NS" or "EW" for a pair of a two-field
movement or for one of a team's two pairs, and "" for the whole entrant (a pair of a
one-field movement, or a team seated at once by the director).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from basestation.store.models import SeatRow

Place = tuple[str, int, str]


def numbers_text(numbers: Iterable[int]) -> str:
    return ",".join(str(n) for n in numbers)


def numbers_of(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.split(",") if n)


@dataclass
class Seats:
    held: dict[Place, tuple[int, ...]] = field(default_factory=dict)
    by: dict[Place, str] = field(default_factory=dict)  # who seated it last: director, unit N

    def load(self, rows: Iterable[SeatRow]) -> None:
        """Rows oldest first: a later row for a place replaces an earlier one."""
        self.held, self.by = {}, {}
        for row in rows:
            self.set((row.section, row.entrant, row.side), numbers_of(row.players))
            self.by[(row.section, row.entrant, row.side)] = row.actor

    def set(self, place: Place, numbers: tuple[int, ...]) -> None:
        """A whole team seated at once replaces its pairs as seated before."""
        self.held[place] = numbers
        section, entrant, side = place
        if not side:
            for pair in ("NS", "EW"):
                self.held.pop((section, entrant, pair), None)

    def of(self, section: str, entrant: int, side: str | None = None) -> tuple[int, ...]:
        """The entrant's player numbers (0 for a visitor), () when nobody seated it.

        With `side`: that pair ("NS"/"EW"), else the whole entrant. A whole entrant not
        seated at once is its pairs together (a team's NS pair then its EW pair); a team
        seated at once has its first two players NS (at home), the next two EW, until the
        numbers entered at a table say otherwise."""
        if side:
            own = self.held.get((section, entrant, side))
            if own is not None:
                return own
            team = self.held.get((section, entrant, ""), ())
            if len(team) <= 2:  # a pair of a one-field movement sits either way
                return team
            return team[:2] if side == "NS" else team[2:4]
        whole = self.held.get((section, entrant, ""))
        if whole is not None:
            return whole
        return (self.held.get((section, entrant, "NS"), ())
                + self.held.get((section, entrant, "EW"), ()))
