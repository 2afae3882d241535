"""What happened, and when: the audit log of the director's and the units' actions."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Query

from basestation.api.deps import Director, ReadDep, StationDep
from basestation.api.responses import AuditOut
from basestation.store.models import AuditRow

router = APIRouter(prefix="/api", tags=["history"])

LABELS = {
    "start": "Session started", "stop": "Session paused", "end": "Session ended",
    "publish": "Results published", "unpublish": "Results withdrawn", "enter": "Result entered",
    "erase": "Result erased", "ruling": "Ruling", "move_result": "Result moved",
    "close_round": "Round closed", "penalty": "Penalty", "remove_penalty": "Penalty removed",
    "hand_records": "Hand records loaded", "players": "Player list changed",
    "pair": "Unit paired", "command": "Command sent to unit", "lock": "Unit locked out",
    "reset": "Unit reset", "paired": "New unit heard", "login": "Logged in to a table",
    "replace": "Unit replaced", "authorise_takeover": "Takeover authorised",
    "cancel_takeover": "Takeover withdrawn", "wrong_pin": "Wrong director's PIN",
    "visitor": "Visitor added", "too_many_visitors": "Pad's visitors refused: too many",
    "pairing_code": "Pad took its key by its pairing link",
    "wrong_pairing_code": "Wrong pairing code",
    "pairing_codes_limited": "Pairing codes refused unchecked for a minute",
    "merge": "Merge offer decided", "movement": "Movement changed",
    "open_event": "Event opened", "close_event": "Event closed",
}
PLACE = ("section", "table", "round", "board")
ROW_ID_MAX = 2**31 - 1  # a row id in an integer column, on SQLite and PostgreSQL


def describe(action: str, detail: dict[str, Any]) -> str:
    """One line a director reads: what was done, where, and the rest of the detail."""
    words = [LABELS.get(action, action.replace("_", " ").capitalize())]
    place = [f"{key} {detail[key]}" for key in PLACE if detail.get(key) is not None]
    if action == "enter":
        rest = [_entry_text(detail)]
    else:
        # The director's reason, when there is one, reads first and without its key.
        rest = [str(detail["why"])] if detail.get("why") else []
        rest += [f"{key} {value}" for key, value in detail.items()
                 if key not in (*PLACE, "why") and value not in (None, "", [])]
    if place:
        words.append(": " + ", ".join(place))
    if rest:
        words.append(("; " if place else ": ") + ", ".join(rest))
    return "".join(words)


def _entry_text(detail: dict[str, Any]) -> str:
    if detail.get("kind") == "not_played":
        return "not played"
    contract = detail.get("contract") or "?"
    if contract == "PASS" or detail.get("declarer") is None:
        return contract
    return f"{contract} by {detail['declarer']}, {detail.get('tricks')} tricks"


def entry_json(row: AuditRow) -> dict[str, Any]:
    try:
        detail = json.loads(row.detail) if row.detail else {}
    except ValueError:
        detail = {"detail": row.detail}
    if not isinstance(detail, dict):
        detail = {"detail": detail}
    return {"id": row.id, "at": row.at.isoformat(), "actor": row.actor, "action": row.action,
            "detail": detail, "text": describe(row.action, detail)}


@router.get("/audit", dependencies=[Director], response_model=AuditOut)
async def audit(station: StationDep, read: ReadDep,
          event: Annotated[int | None, Query(ge=1, le=ROW_ID_MAX, description="an event id; "
                                             "the open one when not given")] = None,
          before: Annotated[int | None, Query(ge=1, le=ROW_ID_MAX, description="entries "
                                              "older than this id (paging)")] = None,
          limit: Annotated[int, Query(ge=1, le=1000)] = 100) -> dict[str, Any]:
    """The event's audit log (with the station's own entries), newest first."""
    event_id = event if event is not None else station.session.event_id
    rows = await read.stored(station.store.audit_log, event_id, before=before, limit=limit + 1)
    return {"event": event_id, "entries": [entry_json(r) for r in rows[:limit]],
            "more": len(rows) > limit}
