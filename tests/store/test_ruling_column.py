"""Migration 0006: a result's ruling moves from the `adjusted` text (an artificial score, or a
JSON object) into its own JSON column, on SQLite and PostgreSQL; the station reads it back as
a typed Ruling."""

from __future__ import annotations

import json

from basestation.station.session.entries import held_from_row
from basestation.station.session.rulings import Ruling
from basestation.store.db import open_database
from basestation.store.repository import Store
from tests.store.old_database import database_at

WEIGHTED = {"weighted": [{"score_ns": 400, "weight": 60}, {"score_ns": -50, "weight": 40}]}


def test_rulings_move_to_their_own_column(database_url: str) -> None:
    database_at(
        database_url, "0005",
        "INSERT INTO event (id, name, regulations, running, created_at, date, ended, published, "
        "format, rounds) VALUES (1, 'Old', 'nz', true, '2026-03-04 19:30:00', '2026-03-04', "
        "false, false, 'pairs', 0)",
        *(("INSERT INTO result (event_id, section, table_no, round, board, ns, ew, kind, "
           "adjusted, flags, status, source, created_at) VALUES (1, 'A', 1, 1, :board, 1, 1, "
           ":kind, :adjusted, '', 'active', 'director', '2026-03-04 19:30:00')",
           {"board": board, "kind": kind, "adjusted": adjusted})
          for board, kind, adjusted in ((1, "adjusted", "60/40"),
                                        (2, "adjusted", json.dumps(WEIGHTED)),
                                        (3, "result", json.dumps({"arrowswitch": True})),
                                        (0, "penalty", '{"direction": "NS", "percent": 25.0}'),
                                        (4, "result", None))))
    open_database(database_url).dispose()
    store = Store(database_url)
    try:
        snap = store.snapshot()
        rows = {row.board: row for row in snap.results}
    finally:
        store.close()
    assert rows[1].ruling == {"adjusted": "60/40"}
    assert rows[2].ruling == WEIGHTED
    assert rows[3].ruling == {"arrowswitch": True}
    # The penalty row moved to the penalty table since (migration 0015), its id kept.
    assert 0 not in rows
    [penalty] = snap.penalties
    assert (penalty.pair, penalty.direction, penalty.percent, penalty.board) == (1, "NS", 25.0,
                                                                                None)
    assert rows[4].ruling is None
    assert not hasattr(rows[1], "adjusted")
    held = {board: held_from_row(rows[board]) for board in (1, 2, 3, 4)}
    assert held[1].ruling == Ruling(adjusted="60/40") and held[1].adjusted == "60/40"
    assert held[2].ruling == Ruling(weighted=WEIGHTED["weighted"])
    assert held[2].ruling is not None and held[2].ruling.shown_on_pad == "weighted score"
    assert held[3].ruling == Ruling(arrowswitch=True) and held[4].ruling is None


def test_a_ruling_is_typed() -> None:
    ruling = Ruling.of({"adjusted": "AVE+/AVE-"})
    assert ruling.artificial == "AVE+/AVE-" and ruling.has_outcome
    assert Ruling.of({"arrowswitch": True}).text == '{"arrowswitch": true}'
    assert not Ruling.of({"arrowswitch": True}).has_outcome
    try:
        Ruling.of({"banana": 1})
    except ValueError as exc:
        assert "banana" in str(exc)
    else:
        raise AssertionError("a field that is not a ruling's is refused")
