"""The director's round grid: tables by rounds per section, with table and cell states.

Colours follow what directors know (docs/ARCHITECTURE.md, Domain notes): table red = not
logged in, green = logged in; cell yellow = current round, green = complete, red = missing,
blue = changed by the director.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from basestation.station.session import SessionRules
from basestation.station.state import SectionState, UnitState

SILENT_AFTER = timedelta(minutes=10)
ATTENTION_FLAGS = frozenset({"LEAD_DECLARER_MISMATCH", "SUSPECT_WRONG_SIDE", "WRONG_PAIRS"})


def table_state(section: SectionState, table: int, units: dict[int, UnitState],
                now: datetime) -> dict[str, Any]:
    holder = section.holders.get(table)
    unit = units.get(holder) if holder is not None else None
    state = "not_logged_in"
    if unit is not None:
        state = "logged_in"
        if unit.locked_reason is not None:
            state = "replaced"
        elif unit.bad_macs:
            state = "bad_mac"
        elif unit.last_seen is not None and now - unit.last_seen > SILENT_AFTER:
            state = "no_contact"
    return {"table": table, "state": state, "unit": holder,
            "battery": unit.battery if unit else None,
            "round": section.table_round.get(table, 0)}


def cell_state(section: SectionState, table: int, round_: int) -> dict[str, Any]:
    assignment = section.movement.at(round_, table)
    if assignment is None:
        return {"round": round_, "state": "sit_out", "done": 0, "boards": 0}
    held = [h for b in assignment.boards if (h := section.held(table, round_, b)) is not None]
    table_round = section.table_round.get(table, 0)
    if any(ATTENTION_FLAGS.intersection(h.flags) for h in held):
        state = "flagged"
    elif any(h.source == "director" for h in held):
        state = "corrected"
    elif len(held) == len(assignment.boards):
        state = "complete"
    elif round_ < max(table_round, section.current_round):
        state = "missing"
    elif round_ == max(table_round, section.current_round):
        state = "partial" if held else "current"
    else:
        state = "not_started"
    return {"round": round_, "state": state, "done": len(held),
            "boards": len(assignment.boards), "ns": assignment.ns, "ew": assignment.ew}


def section_grid(section: SectionState, units: dict[int, UnitState],
                 now: datetime) -> dict[str, Any]:
    rows = []
    for table in range(1, section.movement.tables + 1):
        row = table_state(section, table, units, now)
        row["cells"] = [cell_state(section, table, r)
                        for r in range(1, section.movement.rounds + 1)]
        rows.append(row)
    return {"section": section.letter, "round": section.current_round,
            "rounds": section.movement.rounds, "tables": rows}


def alerts(rules: SessionRules, units: dict[int, UnitState]) -> list[dict[str, Any]]:
    """Standing problems: silent tables, missing boards, bad MACs, results to merge."""
    found: list[dict[str, Any]] = []
    for section in rules.sections.values():
        for table in range(1, section.movement.tables + 1):
            last = section.table_round.get(table, 0)
            if section.current_round - last >= 3:
                found.append({"kind": "silent_table", "section": section.letter,
                              "table": table, "rounds": section.current_round - last})
            for r in range(1, section.current_round):
                cell = cell_state(section, table, r)
                if cell["state"] == "missing":
                    found.append({"kind": "missing_boards", "section": section.letter,
                                  "table": table, "round": r,
                                  "missing": cell["boards"] - cell["done"]})
    found.extend({"kind": "bad_mac", "unit": u.unit, "count": u.bad_macs}
                 for u in units.values() if u.bad_macs)
    found.extend({"kind": "merge_offer", "id": offer_id, "section": body.section,
                  "table": body.table, "round": body.round, "board": body.board}
                 for offer_id, body in sorted(rules.merge_offers.items()))
    return found


def grid(rules: SessionRules, units: dict[int, UnitState],
         now: datetime | None = None) -> dict[str, Any]:
    now = now or datetime.now(UTC)
    return {"event": rules.event_name, "running": rules.running, "complete": rules.completed,
            "sections": [section_grid(s, units, now) for s in rules.sections.values()],
            "alerts": alerts(rules, units)}
