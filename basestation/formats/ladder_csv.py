"""A competition's ladder as CSV: one row per ranked player or pair, then those who did not
qualify (no rank, the reason in `why`). Names and national numbers are joined with " & "
(national numbers in the names' order, "" for a player without one); then one column per
session, headed by its date and name, holding the percentage, in brackets when it is not
among those that count."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from basestation.domain.csv_cells import csv_text

COLUMNS = ["rank", "names", "numbers", "national_numbers", "average", "played", "why"]


def ladder_csv(ladder: Mapping[str, Any]) -> str:
    """`ladder` is the ladder's document (GET /api/competitions/{id}/ladder)."""
    events = [e["id"] for e in ladder["events"]]
    rows: list[list[object]] = [[*COLUMNS, *(f"{e['date']} {e['name']}"
                                             for e in ladder["events"])]]
    for row in [*ladder["rows"], *ladder["not_qualified"]]:
        players = row["players"]
        nationals = [p.get("national") or "" for p in players]
        pct = {p["event"]: (f"{p['pct']:.2f}" if p["counted"] else f"({p['pct']:.2f})")
               for p in row["played"]}
        rows.append([row.get("rank_label", ""), row["names"],
                     " & ".join(str(p["number"]) for p in players),
                     " & ".join(nationals) if any(nationals) else "",
                     f"{row['average']:.2f}" if "average" in row else "",
                     len(row["played"]), row.get("why", "")]
                    + [pct.get(e, "") for e in events])
    return csv_text(rows, lineterminator="\n")
