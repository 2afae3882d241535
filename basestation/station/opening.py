"""Opening a new event while the station runs: the director's set-up page.

Everything is checked before anything changes (a movement that cannot be, a deal that is not
one). The event in play is then closed properly in the same transaction as the new one is
created: its session is ended (the results wait for the director to publish them), its
tables are freed, every pad the station can reach is sent the station's status under the new
event (a version 2 pad then forgets the old event's session), and the pads that held tables are
told to log in again, so they download the new event's rounds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from sqlmodel import Session

from basestation.domain.cards import Deal
from basestation.station.batch import Batch
from basestation.station.config import SectionConfig
from basestation.station.session import SessionRules
from basestation.store import repository as repo
from basestation.store.models import AuditRow, EventRow, PlayerRow
from firmware_protocol.messages import Control, ControlCommand

if TYPE_CHECKING:
    from basestation.station.app import Station


@dataclass(frozen=True)
class NewEvent:
    """What the set-up page sends: the event, its sections, deals and players."""

    name: str
    regulations: str
    sections: tuple[SectionConfig, ...]
    held_on: date | None = None
    deals: Mapping[int, str] = field(default_factory=dict)  # board -> PBN deal, every section
    players: Mapping[int, str] = field(default_factory=dict)  # number -> name
    event_format: str = "pairs"  # or a teams or Swiss format (basestation.station.matches)
    rounds: int = 0  # a Swiss event's rounds


def open_new_event(station: Station, new: NewEvent, batch: Batch) -> int:
    """Closes the event in play and opens `new`; returns its id. Run in turn with pad
    traffic (hub.act). MovementError or CardError (ValueErrors) leave everything as it was."""
    event, section_rows = SessionRules.event_rows(new.name, new.regulations,
                                                  list(new.sections), new.held_on,
                                                  event_format=new.event_format,
                                                  rounds=new.rounds)
    check_deals(new.deals)
    rules = station.rules
    holders = sorted({unit for s in rules.sections.values() for unit in s.holders.values()})
    ops: list[repo.Op] = []
    if rules.event_id is not None:
        old = rules.event_id
        # Ended, as the director's End session would; publishing stays the director's call.
        ops.append(repo.update(EventRow, old, running=False, ended=True))
        ops.extend(repo.release_unit_holds(old, unit) for unit in holders)
        ops.append(repo.audit(old, "director", "close_event", why=f"new event {new.name}"))
    ops.extend(repo.upsert_unit({"unit": unit, "section": None, "table_no": None})
               for unit in holders)
    deals = {s.letter: {b: d for b, d in new.deals.items() if 1 <= b <= s.boards}
             for s in new.sections}
    ops.append(repo.create_event(event, section_rows, deals))
    ops.append(_audit_opened(event, len(new.deals), len(new.players)))
    ops.extend(repo.merge(PlayerRow(number=n, name=name)) for n, name in new.players.items())
    # Committed now, not with the batch: the new event's rows need their ids before the
    # working memory can be rebuilt from them.
    station.store.commit(ops)
    for unit in holders:
        state = station.hub.units.get(unit)
        if state is not None:
            state.section, state.table = None, None
    rules.takeovers.clear()
    rules.load(station.store.snapshot(), station.hub.units)
    # Sent after the commit, so they carry the new event (SPEC.md 13.4).
    status = rules.status()
    for state in station.hub.units.values():
        if state.link is not None:
            batch.send(state.unit, status)
    for unit in holders:
        batch.send(unit, Control(command=ControlCommand.RELOGIN))
    assert event.id is not None
    batch.event("event", id=event.id, name=event.name)
    return event.id


def check_deals(deals: Mapping[int, str]) -> None:
    """Raises ValueError naming the first board whose deal is not a whole deal."""
    for board, text in sorted(deals.items()):
        try:
            Deal.from_pbn(text)
        except ValueError as exc:
            raise ValueError(f"board {board} of the hand records: {exc}") from exc


def _audit_opened(event: EventRow, deals: int, players: int) -> repo.Op:
    def op(session: Session) -> None:
        detail = {"name": event.name, "deals": deals, "players": players}
        session.add(AuditRow(event_id=event.id, actor="director", action="open_event",
                             detail=json.dumps(detail, sort_keys=True)))
    return op
