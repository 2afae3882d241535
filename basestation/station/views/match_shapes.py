"""A teams or Swiss event's matches and standings as the API, the grid and the results pages
show them."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from basestation.movements import TEAMS
from basestation.scoring.event_formats import entrants_of
from basestation.scoring.match_scoring import Match, event_standings
from basestation.scoring.swiss import Standing
from basestation.station.session.memory import SectionState
from basestation.station.views.live_matches import LiveSession, matches_now, vps_off


def _vps(value: Decimal) -> float:
    return float(value)


def match_json(m: Match) -> dict[str, Any]:
    return {"round": m.round, "rounds": list(m.rounds), "tables": list(m.tables),
            "a": m.team_a, "b": m.team_b, "boards": list(m.boards), "compared": m.compared,
            "finished": m.finished, "imps_a": m.result.imps_a, "imps_b": m.result.imps_b,
            # A match not begun has no VPs yet (not an even 10-10).
            "vp_a": _vps(m.result.vp_a) if m.compared else None,
            "vp_b": _vps(m.result.vp_b) if m.compared else None,
            "imp_penalty_a": m.result.penalty_a, "imp_penalty_b": m.result.penalty_b}


def standing_json(s: Standing) -> dict[str, Any]:
    return {"rank": s.rank, "entrant": s.entrant, "vps": _vps(s.vps),
            "swiss_points": _vps(s.swiss_points), "imps": s.imps}


def planned_rounds(rules: LiveSession) -> int:
    """A Swiss event's rounds, or the rounds of a teams round robin."""
    if rules.event_format == TEAMS and rules.sections:
        return max(s.movement.rounds for s in rules.sections.values())
    return rules.format_rounds


def matches_json(rules: LiveSession, *,
                 match_extra: Callable[[SectionState, Match], dict[str, Any]] | None = None,
                 standing_extra: Callable[[str, Standing], dict[str, Any]] | None = None,
                 ) -> dict[str, Any]:
    """The event's matches round by round and the standings, as the grid and the demo show;
    the results page adds to each match and standing what its sheets need (the extras)."""
    sections = []
    for letter, state in rules.sections.items():
        matches = matches_now(rules, state)
        off = vps_off(rules, letter)
        table = event_standings(entrants_of(state.movement), matches, off)
        sections.append({
            "section": letter,
            "rounds_drawn": state.movement.rounds,
            "current_round": state.current_round,
            "matches": [{**match_json(m), **(match_extra(state, m) if match_extra else {})}
                        for m in matches],
            "standings": [{**standing_json(s), "vp_penalty": _vps(off.get(s.entrant, Decimal(0))),
                           **(standing_extra(letter, s) if standing_extra else {})}
                          for s in table],
        })
    return {"format": rules.event_format, "rounds": planned_rounds(rules), "sections": sections}
