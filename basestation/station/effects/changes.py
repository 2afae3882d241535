"""A change to working memory as a value (docs/ARCHITECTURE.md, "How a change flows").

A handler hands the batch a change record (`Batch.change`): the batch queues the store
operations the record means, and makes it in memory at once so that later messages of the
same batch see it. Made, a record returns the record that puts back what it replaced: the
batch keeps those to set its changes aside while it commits (memory as stored) and to make
them again once committed. No undo is written by hand: a record changes memory through
`set_fields` (attributes), `set_entry` (a mapping's entry) and `set_member` (a set's member),
each of which returns the change that puts back what was there.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from basestation.store.repository import Op

Values = tuple[tuple[str, Any], ...]  # attribute names and their values


class Change(ABC):
    """One change to working memory, and the store operations it means."""

    @abstractmethod
    def apply(self) -> Change:
        """Makes the change in memory; returns the change that puts back what it replaced."""

    def ops(self) -> tuple[Op, ...]:
        """The store operations the change means; none for one that only puts memory back.
        Asked before the change is made."""
        return ()


def assign(holder: object, values: Values) -> Values:
    """Sets `values` on `holder`; returns what they were."""
    was = tuple((name, getattr(holder, name)) for name, _ in values)
    for name, value in values:
        setattr(holder, name, value)
    return was


def set_fields(holder: object, **values: Any) -> AsWas:
    """Sets `values` on `holder`; returns the change that puts back what they were."""
    return AsWas(holder, assign(holder, tuple(values.items())))


@dataclass(frozen=True)
class AsWas(Change):
    """Attributes of one holder (a unit, a section, the session) as they were: what a change
    to them returns."""

    holder: object
    values: Values

    def apply(self) -> AsWas:
        return AsWas(self.holder, assign(self.holder, self.values))


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()  # no entry under a key


def set_entry(mapping: dict[Any, Any], key: Hashable, value: Any) -> EntryAsWas:
    """`mapping[key]` is `value` (`ABSENT`: no entry); returns the change that puts back what
    it was."""
    back = EntryAsWas(mapping, key, mapping.get(key, ABSENT))
    if value is ABSENT:
        mapping.pop(key, None)
    else:
        mapping[key] = value
    return back


def set_member(members: set[Any], item: Hashable, present: bool) -> MemberAsWas:
    """`item` is in `members` (or not); returns the change that puts back whether it was."""
    back = MemberAsWas(members, item, item in members)
    if present:
        members.add(item)
    else:
        members.discard(item)
    return back


@dataclass(frozen=True)
class EntryAsWas(Change):
    """`mapping[key]` as it was (`ABSENT`: no entry)."""

    mapping: dict[Any, Any]
    key: Hashable
    value: Any

    def apply(self) -> EntryAsWas:
        return set_entry(self.mapping, self.key, self.value)


@dataclass(frozen=True)
class MemberAsWas(Change):
    """Whether `item` was in `members`."""

    members: set[Any]
    item: Hashable
    present: bool

    def apply(self) -> MemberAsWas:
        return set_member(self.members, self.item, self.present)


@dataclass(frozen=True)
class Together(Change):
    """Several changes made as one, in order; put back newest first."""

    parts: tuple[Change, ...]

    def apply(self) -> Together:
        back = [part.apply() for part in self.parts]
        back.reverse()
        return Together(tuple(back))
