"""Typed, immutable protocol messages and the enums they use."""

from __future__ import annotations

from enum import StrEnum


class Seat(StrEnum):
    """A compass seat; the value is its one-letter wire form."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the opening leader when this seat declares."""
        order = "NESW"
        return Seat(order[(order.index(self.value) + 1) % 4])


class Strain(StrEnum):
    """A contract's strain; the value is its wire form."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"


class Doubling(StrEnum):
    """Whether a contract is doubled; the value is its suffix in the contract string."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"
