"""Cards, hands and deals, enough to check an opening lead against the hand record."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from basestation.domain.said import SaidError, said_of
from firmware_protocol.messages import Seat


class Suit(StrEnum):
    """A suit; the value is its letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


RANKS = "AKQJT98765432"


# Why text is not a card, a hand or a deal, by message key (the station's refusals table
# takes these in).
CARD_WORDS: dict[str, str] = {
    "card.rank": "not a rank: {rank}",
    "card.card": "not a card: {text} (expected e.g. HK, D10 or DT)",
    "card.hand": "a PBN hand has four suits separated by dots: {text}",
    "card.deal": "not a PBN deal: {text}",
    "card.deal_cards": "a deal must hold 52 different cards: {text}",
    "card.board": "board {board} of the hand records: {problem}",
}


class CardError(SaidError):
    """Text that is not a card or a hand (a ValueError), said in `CARD_WORDS`."""

    WORDS: ClassVar[dict[str, str]] = CARD_WORDS


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a suit and a rank letter (T for the ten)."""

    suit: Suit
    rank: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise CardError.of("card.rank", rank=repr(self.rank))

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank}"


def parse_card(text: str) -> Card:
    """Reads "HK", "D10", "DT", and the rank-first forms "KH", "10D" that pads also send."""
    compact = text.strip().upper().replace("10", "T")
    suit_letters = {suit.value for suit in Suit}
    if len(compact) == 2 and compact[0] in suit_letters and compact[1] in RANKS:
        return Card(Suit(compact[0]), compact[1])
    if len(compact) == 2 and compact[1] in suit_letters and compact[0] in RANKS:
        return Card(Suit(compact[1]), compact[0])
    raise CardError.of("card.card", text=repr(text))


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player holds."""

    cards: frozenset[Card]

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Reads a PBN hand: spades.hearts.diamonds.clubs, e.g. "AK3.QJ2.T98.7654"."""
        holdings = text.strip().split(".")
        if len(holdings) != 4:
            raise CardError.of("card.hand", text=repr(text))
        cards = set()
        for suit, holding in zip(Suit, holdings, strict=True):
            for rank in holding.upper().replace("10", "T"):
                cards.add(Card(suit, rank))
        return cls(frozenset(cards))

    def __contains__(self, card: object) -> bool:
        return card in self.cards


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board."""

    hands: dict[Seat, Hand]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Reads a PBN Deal tag value, e.g. "N:AK3.QJ2.T98.7654 ... ... ..."."""
        first, _, rest = text.strip().partition(":")
        hands_text = rest.split()
        if first.upper() not in "NESW" or len(first) != 1 or len(hands_text) != 4:
            raise CardError.of("card.deal", text=repr(text))
        seat = Seat(first.upper())
        hands: dict[Seat, Hand] = {}
        for hand_text in hands_text:
            hands[seat] = Hand.from_pbn(hand_text)
            seat = seat.lho
        if len(frozenset().union(*(hand.cards for hand in hands.values()))) != 52:
            raise CardError.of("card.deal_cards", text=repr(text))
        return cls(hands)

    def holds(self, seat: Seat, card: Card) -> bool:
        """Whether `seat` was dealt `card`."""
        return card in self.hands[seat]


def check_deals(deals: Mapping[int, str]) -> None:
    """Raises ValueError (CardError) naming the first board whose deal is not a whole deal."""
    for board, text in sorted(deals.items()):
        try:
            Deal.from_pbn(text)
        except ValueError as exc:
            raise CardError.of("card.board", board=board, problem=said_of(exc)) from exc


def lead_matches(deal: Deal, declarer: Seat, lead: Card) -> bool:
    """Whether the opening lead is in the hand of declarer's left-hand opponent.

    When it is not, either the lead or the declarer was entered wrongly.
    """
    return deal.holds(declarer.lho, lead)
