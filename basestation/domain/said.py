"""Pure code's refusals as a message key and its values, beside the English sentence, so
that the station can pass them on for a page to say in its reader's language
(station/refusals.py spreads each table of words into its `MESSAGES`). No I/O here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self, TypeAlias

# A value of a sentence: a name, a number, or a sentence of its own ("round 2, table 3").
SaidValue: TypeAlias = "str | int | float | Said"


@dataclass(frozen=True)
class Said:
    """A sentence of pure code: its key, its values, and its English (`str()`)."""

    key: str
    values: Mapping[str, SaidValue]
    text: str

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


def saying(words: Mapping[str, str], key: str, /, **values: SaidValue) -> Said:
    """The sentence `key` of a table of words, filled with `values`."""
    return Said(key, values, words[key].format_map(values))


def said_of(error: Exception) -> SaidValue:
    """Another refusal as a value of this one: its sentence with its key when it has one."""
    key, values = getattr(error, "key", None), getattr(error, "values", None)
    if isinstance(key, str) and isinstance(values, Mapping):
        return Said(key, values, str(error))
    return str(error)


class SaidError(ValueError):
    """A refusal of pure code. One made by `of` says it as a key of the class's `WORDS` and
    its values, as well as in English; one made from a bare sentence has no key."""

    WORDS: ClassVar[Mapping[str, str]] = {}
    key: str | None = None
    values: Mapping[str, SaidValue] = {}  # the class's: none

    @classmethod
    def of(cls, key: str, /, **values: SaidValue) -> Self:
        error = cls(cls.WORDS[key].format_map(values))
        error.key, error.values = key, values
        return error

    @classmethod
    def said(cls, key: str, /, **values: SaidValue) -> Said:
        """A sentence of the class's words, to be a value of another."""
        return saying(cls.WORDS, key, **values)
