"""The session's switches as change records (effects/changes.py): running or paused, ending,
ended, its results public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from basestation.station.effects.changes import Change, set_fields
from basestation.store import repository as repo
from basestation.store.models import EventRow
from basestation.store.repository import Op

if TYPE_CHECKING:
    from basestation.station.session.state import SessionState


@dataclass(frozen=True)
class SessionRunning(Change):
    """Paused, or running again (`ended` False: resuming an ended session opens it again)."""

    session: SessionState
    event_id: int
    running: bool
    ended: bool

    def apply(self) -> Change:
        return set_fields(self.session, running=self.running, ended=self.ended)

    def ops(self) -> tuple[Op, ...]:
        return (repo.update(EventRow, self.event_id, running=self.running, ended=self.ended),)


@dataclass(frozen=True)
class SessionEnding(Change):
    """The director's End waits for the tables still playing (in memory only: after a
    restart the director ends the session again)."""

    session: SessionState

    def apply(self) -> Change:
        return set_fields(self.session, ending=True)


@dataclass(frozen=True)
class SessionEnded(Change):
    """Entry stops: the session has ended (an End no longer waits)."""

    session: SessionState
    event_id: int

    def apply(self) -> Change:
        return set_fields(self.session, running=False, ended=True, ending=False)

    def ops(self) -> tuple[Op, ...]:
        return (repo.update(EventRow, self.event_id, running=False, ended=True),)


@dataclass(frozen=True)
class ResultsShown(Change):
    """The results made public (travellers, rankings, exports), or withdrawn."""

    session: SessionState
    event_id: int
    published: bool

    def apply(self) -> Change:
        return set_fields(self.session, published=self.published)

    def ops(self) -> tuple[Op, ...]:
        return (repo.update(EventRow, self.event_id, published=self.published),)
