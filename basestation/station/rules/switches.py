"""The director's switches on the session as a whole: pause and resume, end, and publish
(the open event's results, or a past one's).

Three separate actions, because a director pauses for a ruling, ends the session when play
is over, and publishes only once the scores are checked. Pausing and ending both stop entry
on the pads; ending also takes the end-of-session backup; only publishing makes the results
public. Pausing, resuming and ending are told at once to every pad the station can reach,
so a pad shows the station stopped, running or ended (SPEC.md 6.7). Part of SessionRules
(basestation.station.rules.composed).
"""

from __future__ import annotations

from basestation.station.effects.batch import Batch
from basestation.station.effects.events import ResultsPublished, SessionStatus
from basestation.station.refusals import Conflict, Invalid
from basestation.station.session.state import SessionState
from basestation.station.session.switch_changes import ResultsShown, SessionEnding, SessionRunning
from basestation.store import repository as repo
from basestation.store.models import EventRow


class SessionSwitches:
    """The director's switches: running, ended, published."""

    def __init__(self, session: SessionState) -> None:
        self.session = session

    def _event(self) -> int:
        if self.session.event_id is None:
            raise Conflict("event.none_open")
        return self.session.event_id

    def pause_or_resume(self, running: bool, batch: Batch) -> bool:
        """Pauses (pads are told the station is stopped, entry waits) or resumes; returns
        whether the session runs now. Resuming an ended session opens it again; pausing
        neither ends the session nor publishes anything."""
        event_id = self._event()
        batch.change(SessionRunning(self.session, event_id, running,
                                    self.session.ended and not running))
        batch.ops.append(repo.audit(event_id, "director", "start" if running else "stop"))
        waiting = tuple(self.session.waiting_tables()) if self.session.ending else ()
        batch.event(SessionStatus(running, self.session.ended, waiting))
        self.session.tell_status(batch)  # each pad with its own section's round
        return self.session.running

    def end_session(self, batch: Batch) -> list[str]:
        """Play is over: entry stops on every pad and the end-of-session backup is taken.
        While tables still play their round, the end waits for them (they play on, no new
        round begins) and they are returned ("A3"); the session ends when the last finishes.
        The results stay the director's until published."""
        event_id = self._event()
        if self.session.ended:
            raise Invalid("session.ended")
        waiting = self.session.waiting_tables()
        if self.session.ending:
            raise Invalid("session.ending" if len(waiting) == 1 else "session.ending_tables",
                          tables=_tables(waiting))
        if not waiting:
            self.session.end("director", batch)
        else:
            batch.change(SessionEnding(self.session))
            batch.ops.append(repo.audit(event_id, "director", "end_waits", tables=waiting))
            batch.event(SessionStatus(self.session.running, False, tuple(waiting)))
        self.session.tell_status(batch)  # entry stops; tables still playing play on
        return waiting

    def publish(self, published: bool, batch: Batch) -> None:
        """Makes the results public (travellers, rankings, exports), or withdraws them."""
        event_id = self._event()
        batch.change(ResultsShown(self.session, event_id, published))
        batch.ops.append(repo.audit(event_id, "director",
                                    "publish" if published else "unpublish"))
        batch.event(ResultsPublished(published))

    def publish_event(self, event_id: int, published: bool, batch: Batch) -> None:
        """Publishes event `event_id`'s results (or withdraws them): the open event's as the
        grid's Publish does, or a past one's, closed before the director had published it."""
        if event_id == self.session.event_id:
            self.publish(published, batch)
            return
        batch.ops.append(repo.update(EventRow, event_id, published=published))
        batch.ops.append(repo.audit(event_id, "director", "publish" if published else "unpublish"))


def _tables(tables: list[str]) -> str:
    """"A3", "A3 and A5"."""
    if len(tables) == 1:
        return tables[0]
    return f"{', '.join(tables[:-1])} and {tables[-1]}"
