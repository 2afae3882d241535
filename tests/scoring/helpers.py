"""Small builders for travellers in tests, and the Swiss field strategy the draw tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from basestation.domain.board import Vulnerability
from basestation.scoring.traveller import BoardTraveller, TravellerResult
from firmware_protocol.messages import Seat


def traveller_line(ns: int, ew: int, score_ns: int | None = None,
                   **fields: Any) -> TravellerResult:
    """One pair's line on a board's traveller (what scoring reads, not a pad's result)."""
    return TravellerResult(ns=ns, ew=ew, score_ns=score_ns, **fields)


def board(number: int, *results: TravellerResult) -> BoardTraveller:
    return BoardTraveller(number, Vulnerability.ALL, Seat.W, tuple(results))


def mps(scored: Any) -> list[tuple[float | None, float | None]]:
    return [(line.mp_ns, line.mp_ew) for line in scored.results]


def swiss_fields(most_halves: int, history_per_half: int) -> st.SearchStrategy[
        tuple[list[int], set[tuple[int, int]]]]:
    """An even field (4 to 2 x most_halves entrants) in some ranked order, and a history of
    meetings between them (at most history_per_half per half of the field)."""
    return st.integers(min_value=2, max_value=most_halves).flatmap(
        lambda half: st.tuples(
            st.permutations(list(range(1, 2 * half + 1))),
            st.sets(
                st.tuples(st.integers(1, 2 * half), st.integers(1, 2 * half)).filter(
                    lambda pair: pair[0] != pair[1]
                ),
                max_size=history_per_half * half,
            ),
        )
    )
