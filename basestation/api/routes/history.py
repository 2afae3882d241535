"""What happened, and when: the audit log of the director's and the units' actions."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Query

from basestation.api.audit_words import describe, who
from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import AuditEntryOut, AuditOut
from basestation.store.models import AuditRow

router = APIRouter(prefix="/api", tags=["history"])

ROW_ID_MAX = 2**31 - 1  # a row id in an integer column, on SQLite and PostgreSQL


def entry_json(row: AuditRow) -> AuditEntryOut:
    try:
        detail = json.loads(row.detail) if row.detail else {}
    except ValueError:
        detail = {"detail": row.detail}
    if not isinstance(detail, dict):
        detail = {"detail": detail}
    return AuditEntryOut(id=row.id, at=row.at.isoformat(), actor=row.actor, who=who(row.actor),
                         action=row.action, detail=detail, text=describe(row.action, detail))


@router.get("/audit", dependencies=[Director], response_model=AuditOut)
async def audit(station: StationDep, read: ReadDep,
          event: Annotated[int | None, Query(ge=1, le=ROW_ID_MAX, description="an event id; "
                                             "the open one when not given")] = None,
          before: Annotated[int | None, Query(ge=1, le=ROW_ID_MAX, description="entries "
                                              "older than this id (paging)")] = None,
          limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> AuditOut:
    """The event's audit log (with the station's own entries), newest first."""
    event_id = event if event is not None else station.session.event_id
    rows = await read.stored(station.store.audit_log, event_id, before=before, limit=limit + 1)
    return AuditOut(event=event_id, entries=[entry_json(r) for r in rows[:limit]],
                    more=len(rows) > limit)
