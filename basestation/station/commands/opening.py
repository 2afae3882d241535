"""Opening a new event while the station runs: the director's set-up page, a part of the
director's service (commands/director.py).

Everything is checked before anything changes (a movement that cannot be, a deal that is not
one). The event in play is then closed properly in the same transaction (the hub's batch) as
the new one is written: its session is ended (the results wait for the director to publish
them) and its tables are freed. In the hub's next turn the new event is loaded, every pad the
station can reach is sent the station's status under it (a version 2 pad then forgets the old
event's session), and the pads that held tables are told to log in again, so they download
the new event's rounds."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from basestation.domain.cards import CardError, check_deals
from basestation.movements import MovementError
from basestation.station.config import NewEvent
from basestation.station.effects.batch import Batch
from basestation.station.effects.events import EventOpened
from basestation.station.refusals import Conflict, Invalid, said
from basestation.station.session.state import SessionState
from basestation.station.session.switch_changes import SessionEnded
from basestation.station.session.unit_changes import UnitLeftTable
from basestation.store import repository as repo
from basestation.store.models import EventRow, PlayerRow
from firmware_protocol.messages import Control, ControlCommand

if TYPE_CHECKING:
    from basestation.station.core.hub import Hub

# How long the second turn may wait for the hub: as long as the database takes to come back.
LOAD_WAIT = 24 * 3600.0


class EventOpening:
    """Opens a new event on the station's hub."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub

    async def open_new_event(self, new: NewEvent) -> int:
        """Closes the event in play and opens `new`; returns its id once the station runs it
        and the pads are told. An `Invalid` (a movement or a deal that cannot be), or a
        `Conflict` (an event in play that `new` may not close), leaves everything as it was.

        Two turns of the hub, each committed with its batch: the first closes the old event
        and writes the new one; the second, queued by the first, loads the new event (its
        rows have their ids only once written) and tells the pads. Between them the old event
        is ended in memory as in the database, so no pad's entry lands in it.
        """
        hub = self._hub
        told: asyncio.Task[int] = await hub.act(lambda batch: _close_and_write(hub, new, batch),
                                                taken_back=True)
        return await told


def _close_and_write(hub: Hub, new: NewEvent, batch: Batch) -> asyncio.Task[int]:
    try:
        event, section_rows = SessionState.event_rows(new.name, new.regulations,
                                                      list(new.sections), new.held_on,
                                                      event_format=new.event_format,
                                                      rounds=new.rounds, scoring=new.scoring)
        check_deals(new.deals)
    except (MovementError, CardError) as exc:  # pure code's checks, in its own words
        raise Invalid("event.invalid", problem=said(exc)) from exc
    rules = hub.rules
    if rules.session.event_id is not None and not rules.session.ended and not new.close_open:
        raise Conflict("event.still_in_play", event=rules.session.event_name,
                       new=new.name)
    holders = _holders(rules.session)
    if rules.session.event_id is not None:
        old = rules.session.event_id
        # Ended, as the director's End session would; publishing stays the director's call.
        batch.ops.append(repo.audit(old, "director", "close_event", why=f"new event {new.name}"))
        batch.change(SessionEnded(rules.session, old))
    _free(hub, holders, batch, rules.session.event_id)
    deals = {s.letter: {b: d for b, d in new.deals.items() if 1 <= b <= s.boards}
             for s in new.sections}
    batch.ops.append(repo.create_event(event, section_rows, deals))
    batch.ops.append(_audit_opened(event, len(new.deals), len(new.players)))
    national, handicaps = rules.session.national, rules.session.handicaps
    batch.ops.extend(repo.merge(PlayerRow(number=n, name=name,
                                          national=new.national.get(n) or national.get(n),
                                          handicap=new.handicaps.get(n, handicaps.get(n))))
                     for n, name in new.players.items())
    # Queued now, in the station's own lane, so it comes after this batch's commit and runs
    # even if the director's request gives up waiting (the hub's patience is for the first
    # turn). It loads whatever the database holds then.
    # The hub reads the new event off the loop, in that turn, before it runs (`reload`).
    told = asyncio.ensure_future(hub.act(
        lambda later: _load_and_tell(hub, event, holders, later), timeout=LOAD_WAIT,
        reload=True))
    told.add_done_callback(lambda done: done.cancelled() or done.exception())
    return told


def _load_and_tell(hub: Hub, event: EventRow, holders: set[int], batch: Batch) -> int:
    """The new event, just loaded by the hub in this turn (`Hub.act(reload=True)`: read off
    the loop, and no batch's write comes between the read and the load; docs/ARCHITECTURE.md,
    "Writes before the station runs"), told to the pads."""
    # Units that took a table of the old event while it was being closed log in again too:
    # the units' tables are theirs, not the session's, so the load left them.
    holders = holders | {u.unit for u in hub.units.values() if u.table is not None}
    _free(hub, holders, batch, None)
    # Sent after the commit, so they carry the new event (SPEC.md 13.4).
    status = hub.rules.session.status()
    for state in hub.units.values():
        if state.link is not None:
            batch.send(state.unit, status)
    for unit in sorted(holders):
        batch.send(unit, Control(command=ControlCommand.RELOGIN))
    if event.id is None or hub.rules.session.event_id != event.id:
        # This first turn's commit failed (the hub said so to its caller): the database's
        # event stays.
        raise RuntimeError(f"{event.name} was not written")
    batch.event(EventOpened(event.id, event.name))
    return event.id


def _holders(session: SessionState) -> set[int]:
    return {unit for s in session.sections.values() for unit in s.holders.values()}


def _free(hub: Hub, holders: set[int], batch: Batch, event_id: int | None) -> None:
    """The units out of their tables: `event_id`'s holds released (None: released already).
    The session's memory is left: the new event is loaded next."""
    for unit in sorted(holders):
        state = hub.units.get(unit)
        if state is not None:
            batch.change(UnitLeftTable(state, None, event_id))


def _audit_opened(event: EventRow, deals: int, players: int) -> repo.Op:
    # The event's id is known once create_event, earlier in the same batch, has run.
    return repo.deferred(lambda: repo.audit(event.id, "director", "open_event",
                                            name=event.name, deals=deals, players=players))
