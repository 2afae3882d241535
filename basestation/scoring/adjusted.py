"""Artificial adjusted scores: reading "60/40", "AVE+", "AVE+/AVE-", and their percentages."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import ClassVar

from basestation.domain.said import SaidError
from basestation.scoring.regulations import Regulations

# Why text is not an adjusted score, by message key (the station's refusals table takes these in).
ADJUSTED_WORDS: dict[str, str] = {
    "adjusted.not": "not an adjusted score: {text}",
    "adjusted.expected": "not an adjusted score: {text} (expected NS%/EW% such as 60/40, or "
                         "AVE, AVE+, AVE-, AVE+/AVE-)",
}


class AdjustedScoreError(SaidError):
    """Text that is not an artificial adjusted score."""

    WORDS: ClassVar[dict[str, str]] = ADJUSTED_WORDS


class Average(StrEnum):
    """A named artificial score, whose percentage the regulations fix."""

    AVERAGE = "AVE"
    AVERAGE_PLUS = "AVE+"
    AVERAGE_MINUS = "AVE-"


# A side's award: a named average or a percentage of the full top.
Award = Average | float

_PERCENT = re.compile(r"(\d+(?:\.\d+)?)%?")
_WORDS = {"AVE": Average.AVERAGE, "A": Average.AVERAGE, "AVE+": Average.AVERAGE_PLUS,
          "A+": Average.AVERAGE_PLUS, "AVE-": Average.AVERAGE_MINUS, "A-": Average.AVERAGE_MINUS}


def parse_adjusted(text: str) -> tuple[Award, Award]:
    """Reads "NS%/EW%" or AVE, AVE+, AVE-, AVE+/AVE-, AVE-/AVE+ (one word: both sides)."""
    parts = [part.strip() for part in text.upper().replace(" ", "").split("/")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise AdjustedScoreError.of("adjusted.not", text=repr(text))
    ns, ew = (_side_award(part, text) for part in parts)
    return ns, ew


def _side_award(part: str, text: str) -> Award:
    if part in _WORDS:
        return _WORDS[part]
    match = _PERCENT.fullmatch(part)
    if match is None or not 0 <= float(match.group(1)) <= 100:
        raise AdjustedScoreError.of(
            "adjusted.expected", text=repr(text)
        )
    return float(match.group(1))


def award_percent(award: Award, regulations: Regulations) -> float:
    """The percentage of the full top a side's award is worth under the regulations."""
    if award is Average.AVERAGE:
        return regulations.average_percent
    if award is Average.AVERAGE_PLUS:
        return regulations.average_plus_percent
    if award is Average.AVERAGE_MINUS:
        return regulations.average_minus_percent
    return float(award)


def format_award(award: Award) -> str:
    """The award as written on a traveller: AVE+ or 60."""
    if isinstance(award, Average):
        return award.value
    return f"{award:g}"
