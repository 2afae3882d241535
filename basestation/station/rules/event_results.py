"""An event's results as the results page asks for them: a past event loaded from the
database on its own (it shares nothing with the open event's working memory), and the
director publishing an event's results, the open one's or a past one's."""

from __future__ import annotations

from basestation.station.effects.batch import Batch
from basestation.station.rules.composed import SessionRules
from basestation.station.session.state import SessionState
from basestation.store import repository as repo
from basestation.store.models import EventRow
from basestation.store.repository import Store


def past_event(store: Store, event_id: int) -> SessionState | None:
    """Event `event_id` as it was stored, scored afresh; None if there is no such event.
    Reads the database: run it off the event loop."""
    snap = store.snapshot(event_id)
    if snap.event is None:
        return None
    session = SessionState()
    session.load(snap, {})
    return session


def publish(rules: SessionRules, event_id: int, published: bool, batch: Batch) -> None:
    """Publishes event `event_id`'s results (or withdraws them): the open event's as the
    grid's Publish does, or a past one's, closed before the director had published it."""
    if event_id == rules.session.event_id:
        rules.switches.publish(published, batch)
        return
    batch.ops.append(repo.update(EventRow, event_id, published=published))
    batch.ops.append(repo.audit(event_id, "director", "publish" if published else "unpublish"))
