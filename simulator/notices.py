"""What a pad tells its players (and the session player): answers, game data, lock-outs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from firmware_protocol.messages import Ack, Body, CorrectionPush, ErrorCode, FeedbackKind, Nak, Row


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


Notice: TypeAlias = (Answered | GameDataReceived | LockedOut | ContactChanged | CorrectionPushed
                     | FeedbackShown)
