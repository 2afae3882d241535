"""Who played for each pair or team, as the exports name them: each player's name and, when
the club's list has it, national number."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

# (section, pair or team number, "NS"/"EW" or None for the whole pair or team)
Entrant = tuple[str, int, str | None]


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    national: str | None = None


@dataclass(frozen=True)
class Roster:
    """The players of each pair or team; () for one nobody seated."""

    players: Mapping[Entrant, tuple[Player, ...]] = field(default_factory=dict)

    def of(self, section: str, number: int | None, direction: str | None = None,
           ) -> tuple[Player, ...]:
        """The pair sitting `direction` (a team's NS or EW pair, a Mitchell pair), else the
        whole pair or team."""
        if number is None:
            return ()
        if direction is not None and (section, number, direction) in self.players:
            return self.players[(section, number, direction)]
        return self.players.get((section, number, None), ())


def names(players: tuple[Player, ...], separator: str) -> str:
    return separator.join(p.name for p in players)


def nationals(players: tuple[Player, ...], separator: str) -> str:
    """National numbers in the players' order, "" for a player without one (so the n-th
    number is the n-th name's); "" when no player has one."""
    if not any(p.national for p in players):
        return ""
    return separator.join(p.national or "" for p in players)
