"""The director's rulings on a board, kept in a held result's `adjusted` text.

Plain text ("60/40", "AVE+") is an artificial score, as before. Anything else is a JSON object
with the traveller file's ruling fields (adjusted, weighted, split, mp_override, arrowswitch,
fouled, fault), so the scoring engine reads a ruling exactly as it reads a traveller file.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from basestation.scoring import TravellerResult, parse_traveller_json
from basestation.scoring.traveller import ScoringError
from firmware_protocol.messages import MAX_ADJUSTED

RULING_FIELDS = ("adjusted", "weighted", "split", "mp_override", "arrowswitch", "fouled", "fault")
# A ruling with one of these says what the score is; without, it modifies a played result.
OUTCOME_FIELDS = ("adjusted", "weighted", "split")


def ruling_text(ruling: dict[str, Any]) -> str:
    """The stored form: a lone artificial score stays plain text, anything else JSON."""
    if set(ruling) == {"adjusted"}:
        return str(ruling["adjusted"])
    return json.dumps(ruling, sort_keys=True)


def shown_on_pad(text: str) -> str:
    """What a pad shows for an adjusted score ("60/40", "weighted score"), within SPEC.md's
    limit for a not_played entry's `adjusted`."""
    ruling = ruling_of(text)
    if "adjusted" in ruling:
        shown = str(ruling["adjusted"])
    elif "weighted" in ruling:
        shown = "weighted score"
    elif "split" in ruling:
        shown = "split score"
    else:
        shown = "adjusted score"
    return shown.encode("utf-8")[:MAX_ADJUSTED].decode("utf-8", "ignore")


def ruling_of(text: str) -> dict[str, Any]:
    if text.lstrip().startswith("{"):
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    return {"adjusted": text}


def has_outcome(ruling: dict[str, Any]) -> bool:
    return any(key in ruling for key in OUTCOME_FIELDS) or (
        "mp_override" in ruling and "score_ns" not in ruling)


def ruled_result(board: int, ns: int, ew: int, section: str, ruling: dict[str, Any],
                 *, score_ns: int | None = None) -> TravellerResult:
    """The scoring engine's result for a ruling; raises ScoringError for a bad ruling."""
    unknown = set(ruling) - set(RULING_FIELDS)
    if unknown:
        raise ScoringError(f"not a ruling field: {', '.join(sorted(unknown))}")
    data: dict[str, Any] = {"ns": ns, "ew": ew, "section": section, **ruling}
    if not has_outcome(ruling):
        if score_ns is None:
            raise ScoringError("this ruling needs a played result or an adjusted score")
        data["score_ns"] = score_ns
    traveller = parse_traveller_json({"boards": [{"board": board, "results": [data]}]})
    results = traveller.boards[0].results
    if not results:
        raise ScoringError("the ruling gives no result")
    return results[0]


def with_ruling(played: TravellerResult, ruling: dict[str, Any]) -> TravellerResult:
    """A played result with a ruling's modifiers (arrowswitch, fouled, mp_override, fault)."""
    ruled = ruled_result(1, played.ns, played.ew, played.section, ruling,
                         score_ns=played.score_ns)
    return dataclasses.replace(
        played, mp_override=ruled.mp_override, arrowswitch=ruled.arrowswitch,
        fouled=ruled.fouled, fault_ns=ruled.fault_ns, fault_ew=ruled.fault_ew)
