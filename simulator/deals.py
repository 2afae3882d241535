"""Deals for a simulated session: random ones, or a PBN hand-record file; double-dummy tricks."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from basestation.domain.double_dummy import tricks_table
from firmware_protocol.messages import Seat, Strain

SUITS = "SHDC"  # PBN order within a hand
RANKS = "AKQJT98765432"
SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


def random_deal(rng: random.Random) -> str:
    """A shuffled deal in PBN form, "N:spades.hearts.diamonds.clubs ..." for N, E, S, W."""
    cards = [(suit, rank) for suit in SUITS for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = set(cards[seat * 13:(seat + 1) * 13])
        hands.append(".".join("".join(r for r in RANKS if (s, r) in held) for s in SUITS))
    return "N:" + " ".join(hands)


def random_deals(boards: int, rng: random.Random) -> dict[int, str]:
    return {board: random_deal(rng) for board in range(1, boards + 1)}


def hand_record_deals(path: Path) -> dict[int, str]:
    """Board -> PBN deal from a hand-record file (the station's own reader)."""
    from basestation.formats.handrecords import read_hand_records

    return read_hand_records(path)


def hands(deal: str) -> dict[Seat, list[str]]:
    """Each seat's cards as lead strings ("SA", "H10", ...)."""
    first, _, rest = deal.partition(":")
    seat_order = "NESW"
    start = seat_order.index(first.strip().upper())
    result: dict[Seat, list[str]] = {}
    for offset, hand in enumerate(rest.split()):
        seat = Seat(seat_order[(start + offset) % 4])
        cards = []
        for suit, holding in zip(SUITS, hand.split("."), strict=True):
            cards += [suit + ("10" if rank.upper() == "T" else rank.upper()) for rank in holding]
        result[seat] = cards
    return result


@cache
def double_dummy(deal: str) -> dict[tuple[Strain, Seat], int]:
    """Tricks each declarer takes in each strain with best play."""
    table = tricks_table(deal)
    return {(strain, seat): table[strain.value, seat.value] for strain in Strain for seat in Seat}
