"""Checks and canonical forms for field values, shared by the messages and both codecs.

Every check raises ProtocolError with the code a nak should carry.
"""

from __future__ import annotations

import re
import sys

from firmware_protocol.enums import Doubling, ErrorCode, Strain
from firmware_protocol.errors import ProtocolError

PASS = "PASS"
SUITS = "CDHS"  # wire order: the binary lead byte numbers the suits in this order
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_CONTRACT = re.compile(r"([1-7])(NT|C|D|H|S)(XX|X)?")
_CARD = re.compile(r"([SHDC])(10|[2-9TJQKA])")


def check_int(value: object, name: str, low: int, high: int,
              code: ErrorCode = ErrorCode.MALFORMED) -> int:
    """An integer (not a bool) within low..high."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(code, f"{name} must be an integer, not {value!r}")
    if not low <= value <= high:
        raise ProtocolError(code, f"{name} must be {low}..{high}, not {value}")
    return value


def check_optional_int(value: object, name: str, low: int, high: int,
                       code: ErrorCode = ErrorCode.MALFORMED) -> int | None:
    """None, or an integer within low..high."""
    return None if value is None else check_int(value, name, low, high, code)


def check_section(value: object) -> str:
    """A section letter A-Z."""
    if not isinstance(value, str) or len(value) != 1 or not "A" <= value <= "Z":
        raise ProtocolError(ErrorCode.MALFORMED, f"section must be one letter A-Z, not {value!r}")
    return value


def check_text(value: object, name: str, max_bytes: int, *, ascii_only: bool = False) -> str:
    """A string of at most max_bytes in UTF-8 (printable ASCII only when ascii_only)."""
    if not isinstance(value, str):
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} must be a string, not {value!r}")
    if ascii_only and not all(" " <= ch <= "~" for ch in value):
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} must be printable ASCII")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:  # lone surrogates cannot go on the wire
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} is not valid Unicode") from None
    if size > max_bytes:
        raise ProtocolError(ErrorCode.MALFORMED, f"{name} is longer than {max_bytes} bytes")
    return value


def canonical_contract(value: object) -> str:
    """The canonical contract string: level, strain, X or XX (e.g. "3NTX"), or "PASS"."""
    if value == PASS:
        return PASS
    if not isinstance(value, str) or _CONTRACT.fullmatch(value) is None:
        raise ProtocolError(ErrorCode.INVALID_CONTRACT, f"not a contract: {value!r}")
    return value


def contract_parts(contract: str) -> tuple[int, Strain, Doubling] | None:
    """Level, strain and doubling of a canonical contract; None for PASS."""
    if contract == PASS:
        return None
    match = _CONTRACT.fullmatch(contract)
    if match is None:
        raise ProtocolError(ErrorCode.INVALID_CONTRACT, f"not a contract: {contract!r}")
    level, strain, doubling = match.groups()
    return int(level), Strain(strain), Doubling(doubling or "")


def make_contract(level: int, strain: Strain, doubling: Doubling) -> str:
    """The canonical string for a bid contract."""
    return canonical_contract(f"{level}{strain.value}{doubling.value}")


def canonical_card(value: object) -> str:
    """The canonical card: suit letter then rank, the ten written "10" ("DT" reads as "D10")."""
    if not isinstance(value, str) or _CARD.fullmatch(value) is None:
        raise ProtocolError(ErrorCode.INVALID_LEAD, f"not a card: {value!r}")
    # Interned: 52 texts shared by every result that names a lead, not one string each.
    return sys.intern(value[0] + ("10" if value[1:] == "T" else value[1:]))


def card_parts(card: str) -> tuple[str, int]:
    """Suit letter and rank number (2..14, ace high) of a card."""
    card = canonical_card(card)
    return card[0], RANKS.index(card[1:]) + 2
