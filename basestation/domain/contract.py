"""Contracts and their scores under Law 77."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from basestation.domain.board import Vulnerability, is_vulnerable
from basestation.domain.said import SaidError
from firmware_protocol.messages import Doubling, Seat, Strain

# Why a contract cannot be, by message key (the station's refusals table takes these in).
CONTRACT_WORDS: dict[str, str] = {
    "contract.passed_out": "a passed-out board has no strain and no double",
    "contract.level": "contract level must be 1 to 7, not {level}",
    "contract.strain": "a bid contract needs a strain",
    "contract.not": "not a contract: {text} (expected e.g. 4S, 3NTX, 7HXX or PASS)",
    "contract.tricks": "tricks must be 0 to 13, not {tricks}",
}


class ContractError(SaidError):
    """A contract that cannot be read or cannot have been played."""

    WORDS: ClassVar[dict[str, str]] = CONTRACT_WORDS


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract; level 0 (strain None) is a passed-out board."""

    level: int
    strain: Strain | None
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if self.level == 0:
            if self.strain is not None or self.doubling is not Doubling.UNDOUBLED:
                raise ContractError.of("contract.passed_out")
            return
        if not 1 <= self.level <= 7:
            raise ContractError.of("contract.level", level=self.level)
        if self.strain is None:
            raise ContractError.of("contract.strain")

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    def __str__(self) -> str:
        text = _TEXTS.get(self)
        if text is None:
            if self.strain is None:
                text = "PASS"
            else:
                text = f"{self.level}{self.strain.value}{self.doubling.value}"
            _TEXTS[self] = text
        return text


# Contracts are immutable and few: one object and one text for each, shared by every result.
_TEXTS: dict[Contract, str] = {}
_PARSED: dict[str, Contract] = {}


PASSED_OUT = Contract(0, None)

# Accepts "4S", "3NTX", "7hxx", "4 S x" (Bridgemate), "3N", and suit symbols.
_CONTRACT = re.compile(r"([1-7])(NT|N|C|D|H|S|♣|♦|♥|♠)(XX|X|\*\*|\*)?")
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "N": "NT"}
_PASS_WORDS = {"PASS", "P", "PASSED", "PASSEDOUT", "AP", "ALLPASS", "NOBID", "NB"}


def parse_contract(text: str) -> Contract:
    """Reads a contract as pads, travellers and Bridgemate write it."""
    known = _PARSED.get(text)  # the station's own "4S", read again at every rescore
    if known is not None:
        return known
    compact = re.sub(r"[\s_-]+", "", text).upper()
    if compact in _PASS_WORDS:
        return PASSED_OUT
    known = _PARSED.get(compact)
    if known is not None:
        return known
    match = _CONTRACT.fullmatch(compact)
    if match is None:
        raise ContractError.of("contract.not", text=repr(text))
    level, strain, doubling = match.groups()
    doubling = (doubling or "").replace("*", "X")
    contract = Contract(int(level), Strain(_SYMBOLS.get(strain, strain)), Doubling(doubling))
    # Only texts that match are kept, and there are a few hundred of those.
    _PARSED[compact] = _PARSED[str(contract)] = contract
    return contract


def result_notation(contract: str | None, tricks: int | None, *, symbols: bool = False) -> str:
    """A result as written on a traveller: "4S+1", "3NTX=", "2H-2", "Pass"; with `symbols`,
    the suits' symbols as the pages show it in English ("4\u2660+1": padcore.js's notation,
    which this then matches). Letters for the API and the exports."""
    try:
        parsed = parse_contract(contract or "")
    except ContractError:
        return contract or ""
    if parsed.passed_out:
        return "Pass"
    made = (tricks or 0) - 6 - parsed.level
    written = str(parsed)
    if symbols and written[1] in SUIT_SYMBOLS:
        written = written[0] + SUIT_SYMBOLS[written[1]] + written[2:]
    return f"{written}{'=' if made == 0 else f'{made:+d}'}"


SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def lead_words(card: str | None) -> str:
    """A lead as the pads show it: "HK" is "\u2665K", "D10" "\u2666" + "10" (padcore.js's
    cardWords, which this matches); "" for none."""
    if not card:
        return ""
    return SUIT_SYMBOLS.get(card[0], card[0]) + card[1:]


def _trick_value(strain: Strain) -> int:
    return 20 if strain in (Strain.C, Strain.D) else 30


def contract_score(
    contract: Contract, declarer: Seat, tricks: int, vulnerable_declarer: bool
) -> int:
    """The declaring side's score (Law 77) when `declarer` takes `tricks` of 13.

    The declarer does not change the points; it is here so that every caller names who
    played the contract, as the traveller does.
    """
    if contract.strain is None:
        return 0
    if not 0 <= tricks <= 13:
        raise ContractError.of("contract.tricks", tricks=tricks)
    vulnerable = vulnerable_declarer
    multiplier = {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}[
        contract.doubling
    ]
    needed = contract.level + 6
    if tricks < needed:
        return -_undertricks(needed - tricks, multiplier, vulnerable)
    value = _trick_value(contract.strain)
    trick_score = value * contract.level
    if contract.strain is Strain.NT:
        trick_score += 10  # the first no-trump trick is worth 40
    trick_score *= multiplier
    score = trick_score
    score += (500 if vulnerable else 300) if trick_score >= 100 else 50
    if contract.level == 6:
        score += 750 if vulnerable else 500
    elif contract.level == 7:
        score += 1500 if vulnerable else 1000
    overtricks = tricks - needed
    if multiplier == 1:
        score += overtricks * value
    else:
        # Doubled overtricks: 100 NV / 200 V each, redoubled twice that.
        score += overtricks * (200 if vulnerable else 100) * multiplier // 2
        score += 25 * multiplier  # the insult: 50 doubled, 100 redoubled
    return score


def _undertricks(down: int, multiplier: int, vulnerable: bool) -> int:
    if multiplier == 1:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        # 100, 300, 500, 800, then 300 more for each further trick.
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * multiplier // 2


def score_ns(contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
    """The score from North-South's side (positive when North-South gain)."""
    score = contract_score(contract, declarer, tricks, is_vulnerable(vulnerability, declarer))
    return score if declarer in (Seat.N, Seat.S) else -score


@cache
def possible_scores() -> frozenset[int]:
    """Every score a board can have, from North-South's side, whatever the vulnerability: a
    split or weighted score outside it is a typing slip (20, or 425)."""
    found = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for vulnerable in (False, True):
                    for tricks in range(14):
                        score = contract_score(contract, Seat.N, tricks, vulnerable)
                        found.update((score, -score))
    return frozenset(found)
