"""Migration 0015: penalties leave the result rows for a table of their own, each with its
id (the pages remove a penalty by it), on SQLite and PostgreSQL; a new penalty goes there too,
and the events' count of results held no longer needs to leave penalties out."""

from __future__ import annotations

import json

from basestation.station.session.state import HeldMatchPenalty, HeldPenalty, held_penalty
from basestation.store import repository as repo
from basestation.store.db import open_database
from basestation.store.models import PenaltyRow
from basestation.store.repository import Store
from tests.store.old_database import database_at

EVENT = ("INSERT INTO event (id, name, regulations, running, created_at, date, ended, "
         "published, format, rounds) VALUES (1, 'Old', 'nz', true, '2026-03-04 19:30:00', "
         "'2026-03-04', false, false, 'pairs', 0)")


def row(row_id: int, board: int, round_: int, ns: int, kind: str, ruling: object,
        status: str = "active") -> tuple[str, dict[str, object]]:
    return ("INSERT INTO result (id, event_id, section, table_no, round, board, ns, ew, kind, "
            "ruling, flags, status, source, created_at) VALUES (:id, 1, 'A', :table, :round, "
            ":board, :ns, 1, :kind, :ruling, '', :status, 'director', '2026-03-04 19:30:00')",
            {"id": row_id, "table": 0 if kind == "penalty" else 1, "round": round_,
             "board": board, "ns": ns, "kind": kind, "ruling": json.dumps(ruling),
             "status": status})


def test_penalties_move_to_their_own_table(database_url: str) -> None:
    database_at(database_url, "0014", EVENT,
                row(5, 1, 1, 1, "result", None),
                row(7, 3, 0, 2, "penalty", {"direction": "EW", "percent": 25.0}),
                row(8, 0, 0, 3, "penalty", {"direction": None, "percent": 50.0}),
                row(9, 0, 2, 4, "penalty", {"vps": 1.5}),
                row(10, 0, 0, 5, "penalty", {"imps": 3}, status="erased"))
    open_database(database_url).dispose()
    store = Store(database_url)
    try:
        snap = store.snapshot()
        assert [r.id for r in snap.results] == [5]  # no penalty among the results
        held = [held_penalty(p) for p in snap.penalties]
        assert [(h.row_id, type(h)) for h in held] == [
            (7, HeldPenalty), (8, HeldPenalty), (9, HeldMatchPenalty)]  # 10 was removed
        assert held[0].penalty.board == 3 and held[0].penalty.direction == "EW"
        assert held[1].penalty.board is None and held[1].penalty.percent == 50.0
        match = held[2].penalty
        assert isinstance(match, type(held[2].penalty)) and held[2].row_id == 9
        assert (match.entrant, match.vps, match.round) == (4, 1.5, 2)  # type: ignore[union-attr]
        assert store.events()[0][1] == 1
        # A new penalty takes the next id, after those moved (PostgreSQL's sequence too).
        made: list[int] = []
        store.commit([repo.insert(PenaltyRow(event_id=1, section="A", pair=6, percent=10.0),
                                  made.append)])
        assert made[0] > 10
        store.commit([repo.erase_penalty(7)])
        assert [p.id for p in store.snapshot().penalties] == [8, 9, made[0]]
    finally:
        store.close()
