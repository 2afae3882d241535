"""Every scoring choice a club or national body makes, in one value, with named presets."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class Scale(StrEnum):
    """Matchpoint scale: 2 per result beaten and 1 per tie (double), or half that (single)."""

    DOUBLE = "double"
    SINGLE = "single"


class Factoring(StrEnum):
    """How a board with fewer results than expected is brought up to the full top.

    NEUBERG: F = (M + 1) x E / A - 1 on the double scale (EBU, WBF).
    ADD_ONE: each real result gets one extra point per missing result (NZ manual method).
    PROPORTIONAL: F = M x (E - 1) / (A - 1): each real result keeps the percentage it earned
    among the real results alone, the artificial scores kept outside the field (Polish clubs,
    as their scoring program JFR Pary scores).
    """

    NEUBERG = "neuberg"
    ADD_ONE = "add-one"
    PROPORTIONAL = "proportional"


class Fault(StrEnum):
    """A side's share of the blame for a fouled or unplayable board."""

    NONE = "none"
    PARTLY = "partly"
    RESPONSIBLE = "responsible"


@dataclass(frozen=True, slots=True)
class Regulations:
    """The rules a session is scored under; presets name the usual sets."""

    name: str
    scale: Scale = Scale.DOUBLE
    factoring: Factoring = Factoring.NEUBERG
    # Artificial adjusted scores, as percentages of the full top (Law 12C2a).
    average_percent: float = 50.0
    average_plus_percent: float = 60.0
    average_minus_percent: float = 40.0
    # Law 12C2c: a non-offender above average-plus, or an offender below average-minus on the
    # other boards of the session, gets that session percentage instead.
    session_percentage_rule: bool = True
    # Fouled boards: a version played at most this many times gets fixed percentages instead
    # of being matchpointed as a group ...
    fouled_small_group_max: int = 1
    # ... and, when set, only if it was also played by at most a third of the field.
    fouled_small_group_third_of_field: bool = False
    # Fixed NS percentages for a small group of 1, 2, 3 results, best NS score first.
    fouled_small_group_percent: tuple[tuple[float, ...], ...] = ((50.0,),)
    # Added to a side's fixed percentage by fault (indemnity, nothing, penalty).
    fouled_not_at_fault: float = 10.0
    fouled_partly_at_fault: float = 0.0
    fouled_responsible: float = -10.0
    # Factored matchpoints are rounded to this many decimals; percentages to pct_decimals.
    mp_decimals: int = 1
    # EBU: an exact .05 is rounded towards the average rather than up.
    round_half_towards_average: bool = False
    pct_decimals: int = 2
    # Butler: results dropped from each end before the datum is averaged.
    butler_trim: int = 1
    # Artificial adjusted scores at IMPs: average-plus and average-minus (Law 12C2b).
    imps_average_plus: int = 3
    # Usual procedural penalty, as a percentage of a top on one board.
    procedural_penalty_percent: float = 10.0
    vp_scale: str = "wbf-continuous"

    def fouled_adjustment(self, fault: Fault) -> float:
        """Percentage added to a fixed fouled-board award for a side with this fault."""
        return {
            Fault.NONE: self.fouled_not_at_fault,
            Fault.PARTLY: self.fouled_partly_at_fault,
            Fault.RESPONSIBLE: self.fouled_responsible,
        }[fault]

    def with_changes(self, **changes: object) -> Regulations:
        """A copy with some choices changed (for a club's own variant of a preset)."""
        return replace(self, **changes)  # type: ignore[arg-type]


NZ = Regulations(
    name="nz",
    scale=Scale.DOUBLE,
    # NZ manual: "reduce the top by one, increase the bottom by one" per missing result.
    factoring=Factoring.ADD_ONE,
    # NZ Bridge Manual, fouled boards in ranking play: a version played at most three times
    # and by at most a third of the field gets 50 / 55-45 / 60-50-40, +10 / 0 / -10 by fault.
    fouled_small_group_max=3,
    fouled_small_group_third_of_field=True,
    fouled_small_group_percent=((50.0,), (55.0, 45.0), (60.0, 50.0, 40.0)),
    mp_decimals=1,
    procedural_penalty_percent=10.0,
)

EBU = Regulations(
    name="ebu",
    scale=Scale.DOUBLE,
    factoring=Factoring.NEUBERG,
    # EBU: Neuberg for any group, but a board played once in its fouled form is unplayable:
    # average-plus / average / average-minus by fault.
    fouled_small_group_max=1,
    fouled_small_group_percent=((50.0,),),
    mp_decimals=1,
    round_half_towards_average=True,
    procedural_penalty_percent=10.0,
)

ACBL = Regulations(
    name="acbl",
    scale=Scale.SINGLE,
    factoring=Factoring.NEUBERG,
    fouled_small_group_max=1,
    fouled_small_group_percent=((50.0,),),
    mp_decimals=2,
    # ACBL recommends a quarter of a board for a procedural penalty (manual, Law 90 notes).
    procedural_penalty_percent=25.0,
)

# Polish clubs (PZBS), as JFR Pary scores them: an artificial adjusted score (60/0 for the
# opponents of an absent pair) stays outside the field, and the real results are scored among
# themselves as percentages, not factored up as if the artificial one had been played. The
# rest as the WBF's and EBU's (double scale, fouled boards as the EBU's).
PL = Regulations(
    name="pl",
    scale=Scale.DOUBLE,
    factoring=Factoring.PROPORTIONAL,
    fouled_small_group_max=1,
    fouled_small_group_percent=((50.0,),),
    mp_decimals=1,
    procedural_penalty_percent=10.0,
)

PRESETS: dict[str, Regulations] = {preset.name: preset for preset in (NZ, EBU, ACBL, PL)}


class UnknownRegulationsError(ValueError):
    """A regulations name that is not a preset."""


def regulations(name: str) -> Regulations:
    """The preset with this name (nz, ebu, acbl, pl)."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise UnknownRegulationsError(
            f"no scoring regulations called {name!r}; the presets are {known}"
        ) from None
