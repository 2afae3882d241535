"""The serial line's order (SPEC.md 11.9): what is owed (answers too) as made, then feedback."""

from __future__ import annotations

from basestation.station.links.line_order import LineOrder
from firmware_protocol.messages import (
    Ack,
    ErrorCode,
    Feedback,
    FeedbackKind,
    Nak,
    StationState,
    Status,
)


def test_owed_in_order_then_feedback_and_nothing_owed_is_dropped() -> None:
    order = LineOrder()
    traveller = Feedback(board=1, kind=FeedbackKind.TRAVELLER, rows=())
    ranking = Feedback(board=0, kind=FeedbackKind.RANKING, rows=())
    order.put(1, traveller, lambda: b"traveller 1")
    order.put(1, ranking, lambda: b"ranking")
    order.put(1, Status(state=StationState.RUNNING, round=2), lambda: b"status")
    order.put(2, Ack(re=4, score_ns=None, flags=()), lambda: b"ack")
    order.put(2, Nak(re=5, code=ErrorCode.REPLAY), lambda: b"nak")
    order.put_answer(lambda: b"bad mac")
    # A later board's feedback for unit 1 drops board 1's, never the ranking (board 0).
    order.put(1, Feedback(board=2, kind=FeedbackKind.PAR, rows=()), lambda: b"par 2")
    out = []
    while (frames := order.take()) is not None:
        out.append(frames())
    assert out == [b"status", b"ack", b"nak", b"bad mac", b"ranking", b"par 2"]
    assert order.feedback_dropped == 1 and len(order) == 0
