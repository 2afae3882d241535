"""What a pad tells its players (and the session player): answers, game data, lock-outs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from firmware_protocol.messages import (
    Ack,
    Body,
    CorrectionPush,
    ErrorCode,
    FeedbackKind,
    Nak,
    Row,
    Seating,
)


@dataclass(frozen=True)
class Answered:
    """The station answered one of the pad's messages."""

    body: Body
    answer: Ack | Nak


@dataclass(frozen=True)
class GameDataReceived:
    section: str
    table: int


@dataclass(frozen=True)
class LockedOut:
    reason: ErrorCode


@dataclass(frozen=True)
class ContactChanged:
    contact: bool


@dataclass(frozen=True)
class CorrectionPushed:
    push: CorrectionPush


@dataclass(frozen=True)
class FeedbackShown:
    board: int
    kind: FeedbackKind
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class EventEntered:
    """The station has opened another event: the pad forgot the previous one's session,
    dropping `dropped` entries it had not delivered."""

    event: int
    dropped: int


@dataclass(frozen=True)
class TableForgotten:
    """The pad is back at its login form: reset by the director, or its table is not in the
    event (NO_SUCH_TABLE / NO_SUCH_SECTION)."""

    why: ErrorCode | None  # None: the director's reset


@dataclass(frozen=True)
class SeatingShown:
    """The pad shows its round (SPEC.md 14): the pairs, who sits where and their names, and
    whether to ask the players for their numbers."""

    seating: Seating


@dataclass(frozen=True)
class KeyReplaced:
    """The unit was paired again (SPEC.md 6.6, 7): this pad keeps its entries and sends
    nothing until it is given the new key."""


Notice: TypeAlias = (Answered | GameDataReceived | LockedOut | ContactChanged | CorrectionPushed
                     | FeedbackShown | EventEntered | TableForgotten | SeatingShown
                     | KeyReplaced)
