"""The pure model of a bridge session: boards, contracts, cards."""

from basestation.domain.board import Vulnerability, dealer_of, is_vulnerable, vulnerability_of
from basestation.domain.cards import Card, CardError, Deal, Hand, Suit, lead_matches, parse_card
from basestation.domain.contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    contract_score,
    parse_contract,
    score_ns,
)

__all__ = [
    "PASSED_OUT",
    "Card",
    "CardError",
    "Contract",
    "ContractError",
    "Deal",
    "Hand",
    "Suit",
    "Vulnerability",
    "contract_score",
    "dealer_of",
    "is_vulnerable",
    "lead_matches",
    "parse_card",
    "parse_contract",
    "score_ns",
    "vulnerability_of",
]
