"""The director's rulings on a board: a typed `Ruling`, stored in a result row's own `ruling`
column as a JSON object of the traveller file's ruling fields (adjusted, weighted, split,
mp_override, arrowswitch, fouled, fault), so the scoring engine reads a ruling exactly as it
reads a traveller file (docs/ARCHITECTURE.md, Contracts).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from basestation.scoring import TravellerResult, parse_traveller_json
from basestation.scoring.traveller import ScoringError
from firmware_protocol.messages import MAX_ADJUSTED

RULING_FIELDS = ("adjusted", "weighted", "split", "mp_override", "arrowswitch", "fouled", "fault")
# A ruling with one of these says what the score is; without, it modifies a played result.
OUTCOME_FIELDS = ("adjusted", "weighted", "split")


@dataclass(frozen=True)
class Ruling:
    """One ruling on a board at a table, in the traveller file's fields (weighted, split,
    mp_override and fault keep that file's JSON shapes)."""

    adjusted: str | None = None  # an artificial score: "60/40", AVE, AVE+, AVE+/AVE-, ...
    weighted: Any = None  # [{"score_ns", "weight"}, ...]
    split: Any = None  # {"ns": score, "ew": score}
    mp_override: Any = None  # [ns, ew]
    arrowswitch: bool | None = None
    fouled: Any = None
    fault: Any = None

    @classmethod
    def of(cls, ruling: dict[str, Any]) -> Ruling:
        """From the traveller file's fields; ValueError for a field that is not a ruling's."""
        unknown = set(ruling) - set(RULING_FIELDS)
        if unknown:
            raise ValueError(f"not a ruling field: {', '.join(sorted(unknown))}")
        return cls(**ruling)

    @classmethod
    def stored(cls, value: dict[str, Any] | None) -> Ruling | None:
        """From a result row's `ruling` column."""
        return None if not value else cls.of(value)

    def as_dict(self) -> dict[str, Any]:
        """The fields given, as the traveller file and the `ruling` column hold them."""
        return {name: getattr(self, name) for name in RULING_FIELDS
                if getattr(self, name) is not None}

    @property
    def artificial(self) -> str | None:
        """The artificial score alone ("60/40", "AVE+"), when that is the whole ruling."""
        return self.adjusted if set(self.as_dict()) == {"adjusted"} else None

    @property
    def text(self) -> str:
        """For the director's pages and the API: the artificial score, or the ruling's JSON."""
        plain = self.artificial
        return plain if plain is not None else json.dumps(self.as_dict(), sort_keys=True)

    @property
    def has_outcome(self) -> bool:
        return has_outcome(self.as_dict())

    @property
    def shown_on_pad(self) -> str:
        """What a pad shows for an adjusted score ("60/40", "weighted score"), within SPEC.md's
        limit for a not_played entry's `adjusted`."""
        if self.adjusted is not None:
            shown = str(self.adjusted)
        elif self.weighted is not None:
            shown = "weighted score"
        elif self.split is not None:
            shown = "split score"
        else:
            shown = "adjusted score"
        return shown.encode("utf-8")[:MAX_ADJUSTED].decode("utf-8", "ignore")


def stored_text(value: dict[str, Any] | None) -> str | None:
    """A result row's `ruling` column as the director's pages show it."""
    ruling = Ruling.stored(value)
    return None if ruling is None else ruling.text


def has_outcome(ruling: dict[str, Any]) -> bool:
    return any(key in ruling for key in OUTCOME_FIELDS) or (
        "mp_override" in ruling and "score_ns" not in ruling)


def ruled_result(board: int, ns: int, ew: int, section: str, ruling: dict[str, Any],
                 *, score_ns: int | None = None) -> TravellerResult:
    """The scoring engine's result for a ruling; raises ScoringError for a bad ruling."""
    unknown = set(ruling) - set(RULING_FIELDS)
    if unknown:
        raise ScoringError.of("scoring.ruling_field", fields=", ".join(sorted(unknown)))
    data: dict[str, Any] = {"ns": ns, "ew": ew, "section": section, **ruling}
    if not has_outcome(ruling):
        if score_ns is None:
            raise ScoringError.of("scoring.ruling_needs")
        data["score_ns"] = score_ns
    traveller = parse_traveller_json({"boards": [{"board": board, "results": [data]}]})
    results = traveller.boards[0].results
    if not results:
        raise ScoringError.of("scoring.ruling_none")
    return results[0]


def with_ruling(played: TravellerResult, ruling: dict[str, Any]) -> TravellerResult:
    """A played result with a ruling's modifiers (arrowswitch, fouled, mp_override, fault)."""
    ruled = ruled_result(1, played.ns, played.ew, played.section, ruling,
                         score_ns=played.score_ns)
    return dataclasses.replace(
        played, mp_override=ruled.mp_override, arrowswitch=ruled.arrowswitch,
        fouled=ruled.fouled, fault_ns=ruled.fault_ns, fault_ew=ruled.fault_ew)
