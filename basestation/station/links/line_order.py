"""The order in which a slow line (the serial/radio link) sends what the station has for pads.

An ack or nak never waits behind feedback (SPEC.md 11.9). Everything the station owes a pad
(answers, game_data, status, seating, correction_push, control, locked) goes in the order it
was made: an ack must not overtake the game_data made before it, which the pad would then
apply over the entry just acked. Feedback goes only when nothing owed waits: the line's idle
time. It is what a pad may show of the board just entered, so a waiting one is replaced by a
newer one of the same kind for the same board, and dropped once the station has feedback for
a later board for the same unit (the pad has moved on). Nothing owed is ever dropped.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable

from firmware_protocol.messages import Body, Feedback

Frames = Callable[[], bytes]  # makes the frames when they go out (numbered then: SPEC.md 8)
FeedbackKey = tuple[int, int, str]  # unit, board, kind


class LineOrder:
    def __init__(self) -> None:
        self._owed: deque[Frames] = deque()
        self._feedback: OrderedDict[FeedbackKey, Frames] = OrderedDict()
        self.feedback_dropped = 0  # superseded before it could go

    def __len__(self) -> int:
        return len(self._owed) + len(self._feedback)

    def put(self, unit: int, body: Body, frames: Frames) -> None:
        if isinstance(body, Feedback):
            self._put_feedback(unit, body, frames)
        else:
            self._owed.append(frames)

    def put_answer(self, frames: Frames) -> None:
        """An answer made outside a unit's sequence (station seq 0: BAD_MAC, a refused frame)."""
        self._owed.append(frames)

    def _put_feedback(self, unit: int, body: Feedback, frames: Frames) -> None:
        key = (unit, body.board, body.kind.value)
        if key in self._feedback:
            self._feedback[key] = frames  # the newer one, in the older one's place
            self.feedback_dropped += 1
            return
        if body.board != 0:  # a ranking (board 0) is not about a board
            stale = [k for k in self._feedback
                     if k[0] == unit and k[1] not in (0, body.board)]
            for k in stale:
                del self._feedback[k]
            self.feedback_dropped += len(stale)
        self._feedback[key] = frames

    def take(self) -> Frames | None:
        """What goes next, or None when nothing waits."""
        if self._owed:
            return self._owed.popleft()
        if self._feedback:
            return self._feedback.popitem(last=False)[1]
        return None

    def clear(self) -> None:
        self._owed.clear()
        self._feedback.clear()
