"""A teams or Swiss event's matches and standings as the API, the grid and the results pages
show them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any, NamedTuple

from basestation.movements import TEAMS
from basestation.scoring.event_formats import entrants_of
from basestation.scoring.match_scoring import Match, event_standings
from basestation.scoring.swiss import Standing
from basestation.station.effects.shapes import Shape
from basestation.station.session.memory import SectionState
from basestation.station.views.live_matches import LiveSession, matches_now, vps_off


class MatchOut(Shape):
    round: int  # of its first table
    rounds: list[int]  # each table's round (an American Whist plays its halves apart)
    tables: list[int]
    a: int  # North-South at the first table
    b: int
    boards: list[int]
    compared: int  # boards in at both tables (teams) or in at the table (Swiss pairs)
    finished: bool
    imps_a: int
    imps_b: int
    vp_a: float | None  # None until a board is compared
    vp_b: float | None
    imp_penalty_a: int = 0  # IMPs the director took off each side in this match
    imp_penalty_b: int = 0


class StandingOut(Shape):
    rank: int
    entrant: int
    vps: float
    swiss_points: float
    imps: int
    vp_penalty: float = 0  # VPs the director took off (already out of `vps`)


class SectionMatchesOut(Shape):
    section: str
    rounds_drawn: int
    current_round: int
    matches: list[MatchOut]
    standings: list[StandingOut]


class MatchesOut(Shape):
    format: str
    rounds: int
    sections: list[SectionMatchesOut]


def _vps(value: Decimal) -> float:
    return float(value)


def match_json(m: Match) -> MatchOut:
    return MatchOut(round=m.round, rounds=list(m.rounds), tables=list(m.tables), a=m.team_a,
                    b=m.team_b, boards=list(m.boards), compared=m.compared,
                    finished=m.finished, imps_a=m.result.imps_a, imps_b=m.result.imps_b,
                    # A match not begun has no VPs yet (not an even 10-10).
                    vp_a=_vps(m.result.vp_a) if m.compared else None,
                    vp_b=_vps(m.result.vp_b) if m.compared else None,
                    imp_penalty_a=m.result.penalty_a, imp_penalty_b=m.result.penalty_b)


def standing_json(s: Standing, vp_penalty: Decimal = Decimal(0)) -> StandingOut:
    return StandingOut(rank=s.rank, entrant=s.entrant, vps=_vps(s.vps),
                       swiss_points=_vps(s.swiss_points), imps=s.imps,
                       vp_penalty=_vps(vp_penalty))


def planned_rounds(rules: LiveSession) -> int:
    """A Swiss event's rounds, or the rounds of a teams round robin."""
    if rules.event_format == TEAMS and rules.sections:
        return max(s.movement.rounds for s in rules.sections.values())
    return rules.format_rounds


class SectionPlay(NamedTuple):
    """A section's matches scored now, its standings and the VPs taken off each entrant."""

    letter: str
    state: SectionState
    matches: list[Match]
    standings: list[Standing]
    off: dict[int, Decimal]


def sections_played(rules: LiveSession) -> Iterator[SectionPlay]:
    for letter, state in rules.sections.items():
        matches = matches_now(rules, state)
        off = vps_off(rules, letter)
        yield SectionPlay(letter, state, matches,
                          event_standings(entrants_of(state.movement), matches, off), off)


def matches_json(rules: LiveSession) -> MatchesOut:
    """The event's matches round by round and the standings, as the grid and the demo show."""
    return MatchesOut(format=rules.event_format, rounds=planned_rounds(rules), sections=[
        SectionMatchesOut(section=played.letter, rounds_drawn=played.state.movement.rounds,
                          current_round=played.state.current_round,
                          matches=[match_json(m) for m in played.matches],
                          standings=[standing_json(s, played.off.get(s.entrant, Decimal(0)))
                                     for s in played.standings])
        for played in sections_played(rules)])


def matches_with(rules: LiveSession, *,
                 match_extra: Callable[[SectionState, Match], dict[str, Any]],
                 standing_extra: Callable[[str, Standing], dict[str, Any]]) -> dict[str, Any]:
    """`matches_json` with what the results page's sheets add to each match and standing
    (the extras), as that page's answer (api/routes/event_results.py) declares it."""
    return {"format": rules.event_format, "rounds": planned_rounds(rules), "sections": [
        {"section": played.letter, "rounds_drawn": played.state.movement.rounds,
         "current_round": played.state.current_round,
         "matches": [{**match_json(m).model_dump(), **match_extra(played.state, m)}
                     for m in played.matches],
         "standings": [{**standing_json(s, played.off.get(s.entrant, Decimal(0))).model_dump(),
                        **standing_extra(played.letter, s)} for s in played.standings]}
        for played in sections_played(rules)]}
