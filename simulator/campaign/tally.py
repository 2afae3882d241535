"""Counting one faulted run: what the pads saw acknowledged against what the database holds.

The database is read directly (not the station's memory), so a result counts as stored only
if it survived whatever the fault did to the process holding it.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_protocol.messages import NotPlayed, Result
from simulator.ranking import rank, ranking_rows

Key = tuple[str, int, int, int]  # section, table, round, board
SCORED = ("contract", "declarer", "tricks", "lead")


@dataclass
class RunTally:
    """One run of one fault."""

    acked: dict[Key, dict[str, Any]] = field(default_factory=dict)
    stored: int = 0
    lost: int = 0
    duplicated: int = 0
    rankings_match: bool = False
    interrupted: bool = True  # the fault struck while results were still outstanding
    problems: list[str] = field(default_factory=list)
    pad_restarts: int = 0  # battery changes, or a browser pad's page reloaded
    dropouts: int = 0  # a pad out of contact for a while
    figures: dict[str, Any] = field(default_factory=dict)  # a fault's own measures
    checks_failed: int = 0  # of the fault's own must-holds (its figures)


@dataclass
class FaultOutcome:
    """Every run of one fault, summed: the `faults --json` contract's row (docs/ARCHITECTURE.md)."""

    name: str
    runs: int = 0
    acked: int = 0
    stored: int = 0
    lost: int = 0
    duplicated: int = 0
    rankings_match: bool = True
    seconds: float = 0.0
    interrupted: int = 0
    problems: list[str] = field(default_factory=list)
    pad_restarts: int = 0
    dropouts: int = 0
    figures: dict[str, Any] = field(default_factory=dict)  # the worst run's, or counts summed
    checks_failed: int = 0

    def add(self, run: RunTally) -> None:
        self.runs += 1
        self.acked += len(run.acked)
        self.stored += run.stored
        self.lost += run.lost
        self.duplicated += run.duplicated
        self.rankings_match = self.rankings_match and run.rankings_match
        self.interrupted += run.interrupted
        self.problems += run.problems
        self.pad_restarts += run.pad_restarts
        self.dropouts += run.dropouts
        self.checks_failed += run.checks_failed
        worst = "ack_p99_ms_while_flooded"
        if run.figures and worst not in run.figures:  # a fault's own: counts summed,
            for name, value in run.figures.items():  # seconds the longest
                before = self.figures.get(name, 0)
                self.figures[name] = max(before, value) if name.endswith("_s") \
                    else before + value
        elif run.figures and not (self.figures.get(worst, -1.0) >= run.figures.get(worst, 0.0)):
            self.figures = run.figures

    @property
    def failed(self) -> bool:
        return bool(self.lost or self.duplicated or not self.rankings_match
                    or self.checks_failed)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "runs": self.runs, "acked": self.acked,
                "stored": self.stored, "lost": self.lost, "duplicated": self.duplicated,
                "rankings_match": self.rankings_match, "seconds": round(self.seconds, 1),
                "interrupted": self.interrupted, "pad_restarts": self.pad_restarts,
                "dropouts": self.dropouts, "checks_failed": self.checks_failed,
                **self.figures, "problems": self.problems[:10]}


def entry_row(body: Result | NotPlayed) -> dict[str, Any]:
    """A pad's entry as a ranking row (simulator.ranking)."""
    if isinstance(body, NotPlayed):
        return {"section": body.section, "table": body.table, "round": body.round,
                "board": body.board, "ns": body.ns, "ew": body.ew, "contract": None,
                "declarer": None, "tricks": None, "lead": None, "kind": "not_played"}
    return {"section": body.section, "table": body.table, "round": body.round,
            "board": body.board, "ns": body.ns, "ew": body.ew, "contract": body.contract,
            "declarer": body.declarer.value if body.declarer else None, "tricks": body.tricks,
            "lead": body.lead, "kind": "result"}


def read_results(database: Path, event_id: int | None = None) -> list[dict[str, Any]]:
    """Every result row of an event (default: the store's newest), any status."""
    with sqlite3.connect(database) as conn:
        conn.row_factory = sqlite3.Row
        rows = conn.execute(
            "SELECT section, table_no AS 'table', round, board, ns, ew, contract, declarer, "
            "tricks, lead, kind, status, unit, seq FROM result "
            "WHERE event_id = coalesce(?, (SELECT max(id) FROM event))", (event_id,)).fetchall()
    conn.close()
    return [dict(row) for row in rows]


def key_of(row: dict[str, Any]) -> Key:
    return (row["section"], row["table"], row["round"], row["board"])


def tally(acked: dict[Key, dict[str, Any]], rows: Iterable[dict[str, Any]],
          intended: list[dict[str, Any]], *,
          standings: Callable[[list[dict[str, Any]], list[dict[str, Any]]], bool] | None = None,
          ) -> RunTally:
    """Lost: acked but not held as acked. Duplicated: a board held twice, or one pad message
    stored twice. Rankings: the stored results score as the intended ones do (`standings`
    compares them in a teams or Swiss event: held rows first, intended second)."""
    rows = list(rows)
    active = [row for row in rows if row["status"] == "active"]
    run = RunTally(acked=dict(acked), stored=len(active))
    held: dict[Key, dict[str, Any]] = {}
    for row in active:
        held.setdefault(key_of(row), row)
    for key, row in acked.items():
        got = held.get(key)
        if got is None or any(got[name] != row[name] for name in SCORED):
            run.lost += 1
            run.problems.append(f"lost {key}: acked {row}, held {got}")
    per_board = Counter(key_of(row) for row in active)
    per_message = Counter((row["unit"], row["seq"]) for row in rows
                          if row["unit"] is not None and row["seq"] is not None)
    run.duplicated = (sum(n - 1 for n in per_board.values())
                      + sum(n - 1 for n in per_message.values()))
    if run.duplicated:
        run.problems.append(f"duplicated: {[k for k, n in per_board.items() if n > 1]}, "
                            f"{[k for k, n in per_message.items() if n > 1]}")
    run.rankings_match = (standings(active, intended) if standings is not None
                          else ranking_rows(rank(active)) == ranking_rows(rank(intended)))
    if not run.rankings_match:
        missing = {key_of(r) for r in intended} - set(held)
        run.problems.append(f"rankings differ; {len(missing)} intended results not held")
    return run
