"""Small builders for travellers in tests, and the Swiss field strategy the draw tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from basestation.domain.board import Vulnerability
from basestation.scoring.traveller import Artificial, BoardTraveller, TravellerResult
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


def adjusted_seed_board() -> BoardTraveller:
    """club-directors-manual.txt, section 4, "Matchpointing a board with adjusted scores": a
    board played 9 times (NS 5 met the phantom) with two adjusted scores, 60/40 and 50/60."""
    return board(
        1,
        traveller_line(1, 1, 90),
        traveller_line(2, 7, 0),  # no bid: a real result
        traveller_line(3, 6, artificial=Artificial(50.0, 60.0)),
        traveller_line(4, 5, -80),
        traveller_line(6, 3, artificial=Artificial(60.0, 40.0)),
        traveller_line(7, 2, 90),
        traveller_line(8, 8, 140),
        traveller_line(9, 10, -150),
        traveller_line(10, 9, 120),
    )
