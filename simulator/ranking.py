"""Rankings from a session's results: the intended ones, or the ones the station holds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from basestation.domain.board import dealer_of, vulnerability_of
from basestation.scoring import ScoredSession, parse_traveller_json, regulations, score_session


def traveller_json(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Traveller JSON (docs/ARCHITECTURE.md, Contracts) from rows with section, board, ns, ew,
    contract, declarer, tricks and lead."""
    boards: dict[int, list[dict[str, Any]]] = {}  # sections play the same boards
    for row in results:
        entry: dict[str, Any] = {"ns": row["ns"], "ew": row["ew"], "contract": row["contract"]}
        if row["contract"] != "PASS":
            entry |= {"declarer": row["declarer"], "tricks": row["tricks"]}
        if row.get("lead"):
            entry["lead"] = row["lead"]
        if row.get("section"):
            entry["section"] = row["section"]
        boards.setdefault(row["board"], []).append(entry)
    return {"scoring": "matchpoints", "boards": [
        {"board": board, "vulnerable": vulnerability_of(board).value,
         "dealer": dealer_of(board).value,
         "results": sorted(rows, key=lambda r: (r.get("section", ""), r["ns"]))}
        for board, rows in sorted(boards.items())]}


def rank(results: Iterable[dict[str, Any]], preset: str = "nz") -> ScoredSession:
    return score_session(parse_traveller_json(traveller_json(results)), regulations(preset))


def ranking_rows(scored: ScoredSession) -> list[tuple[str, int, str | None, float, float | None,
                                                      str]]:
    """(section, pair, direction, total, percent, rank label), in ranking order."""
    return [(e.section, e.pair, e.direction, e.total, e.pct, e.rank_label)
            for e in scored.ranking]
