"""What a pad may show after a board: traveller, frequency, hand record, par.

Only ever for a board the pad's pairs have just played and entered; never for a board
entered as not played.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from basestation.domain.board import dealer_of
from basestation.domain.double_dummy import SEATS, par_contracts
from basestation.station.session.memory import HeldResult, SectionState
from firmware_protocol.messages import Feedback, FeedbackKind, Row


def traveller_rows(results: list[HeldResult]) -> tuple[Row, ...]:
    played = sorted((r for r in results if r.kind == "result"), key=lambda r: (r.ns or 0))
    return tuple((r.ns, r.ew, r.contract, r.declarer, r.tricks, r.lead, r.score_ns)
                 for r in played)


def frequency_rows(results: list[HeldResult]) -> tuple[Row, ...]:
    counts = Counter((r.contract, r.declarer, r.score_ns) for r in results if r.kind == "result")
    ordered = sorted(counts.items(), key=lambda item: -(item[0][2] or 0))
    return tuple((c, d, s, n) for (c, d, s), n in ordered)


def hand_rows(deal_pbn: str) -> tuple[Row, ...]:
    first, *hands = deal_pbn.split(":", 1)[1].split()
    start = SEATS.index(deal_pbn[0])
    seats = [SEATS[(start + i) % 4] for i in range(4)]
    return tuple((seat, *hand.split(".")) for seat, hand in zip(seats, [first, *hands],
                                                                   strict=True))


def par_rows(deal_pbn: str, board: int) -> tuple[Row, ...]:
    """Par contracts by double-dummy analysis: slow, so the station solves them ahead, off
    the event loop (basestation.station.session.par)."""
    return tuple(par_contracts(deal_pbn, board, dealer_of(board).value))


def feedback_for(section: SectionState, board: int, kinds: frozenset[str],
                 deal_pbn: str | None, par: tuple[Row, ...] | None = None) -> list[Feedback]:
    """The feedback messages the settings allow for one board (a link splits them to fit).
    The par goes only when given (solved ahead): it is never worked out here."""
    results = section.results_for_board(board)
    found: list[Feedback] = []
    if "traveller" in kinds:
        found.append(Feedback(board=board, kind=FeedbackKind.TRAVELLER,
                              rows=traveller_rows(results)))
    elif "frequency" in kinds:
        found.append(Feedback(board=board, kind=FeedbackKind.FREQUENCY,
                              rows=frequency_rows(results)))
    if deal_pbn is not None and "hand" in kinds:
        found.append(Feedback(board=board, kind=FeedbackKind.HAND, rows=hand_rows(deal_pbn)))
    if par is not None and "par" in kinds:
        found.append(par_feedback(board, par))
    return found


@lru_cache(maxsize=1024)
def par_feedback(board: int, rows: tuple[Row, ...]) -> Feedback:
    """A board's par message, made (and its rows checked) once: it never changes."""
    return Feedback(board=board, kind=FeedbackKind.PAR, rows=rows)
