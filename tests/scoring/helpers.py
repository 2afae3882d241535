"""Small builders for travellers in tests."""

from __future__ import annotations

from typing import Any

from basestation.domain.board import Vulnerability
from basestation.scoring.traveller import BoardTraveller, TravellerResult
from firmware_protocol.messages import Seat


def result(ns: int, ew: int, score_ns: int | None = None, **fields: Any) -> TravellerResult:
    return TravellerResult(ns=ns, ew=ew, score_ns=score_ns, **fields)


def board(number: int, *results: TravellerResult) -> BoardTraveller:
    return BoardTraveller(number, Vulnerability.ALL, Seat.W, tuple(results))


def mps(scored: Any) -> list[tuple[float | None, float | None]]:
    return [(line.mp_ns, line.mp_ew) for line in scored.results]
