"""Matchpointing one board: real results, adjusted scores, fouled groups, arrowswitches."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from basestation.scoring.adjusted import award_percent
from basestation.scoring.matchpoints import (
    beaten_and_tied,
    factored,
    full_top,
    percentage,
    round_matchpoints,
    unit,
)
from basestation.scoring.regulations import Fault, Regulations
from basestation.scoring.scored import ScoredBoard, ScoredResult, SessionRule, compared_result
from basestation.scoring.traveller import BoardTraveller, TravellerResult

# A distinct score's NS and EW matchpoints and percentages.
Line = tuple[float, float, float, float]
# A score's place in its field: results it beats, results it ties (itself not counted),
# results on the board, results expected, the top.
Place = tuple[int, int, int, int, float]
# The lines already worked out, by regulations and place: the same places come up on board
# after board, and looking a line up costs a fraction of working it out. A line depends on
# its place and regulations alone, so this changes no result. Bounded (a few MB at most):
# past so many places, or sets of regulations, it starts again.
_PLACES: dict[Regulations, dict[Place, Line]] = {}
_PLACES_KEPT = 10_000
_REGULATIONS_KEPT = 4

_FAULT_RULE = {Fault.NONE: SessionRule.NON_OFFENDER, Fault.PARTLY: SessionRule.NONE,
               Fault.RESPONSIBLE: SessionRule.OFFENDER}


def score_board(
    board: BoardTraveller, regulations: Regulations, expected: int, section: str = ""
) -> ScoredBoard:
    """Matchpoints every result of a board that should have had `expected` results."""
    expected = max(expected, len(board.results))
    top = full_top(expected, regulations)
    groups = _groups(board.results)
    small = _small_groups(groups, expected, regulations)
    fields = {version: sorted(scores) for version, scores in groups.items()}
    awards = _small_group_awards(board.results, small, regulations)
    # Many tables share a score: matchpoint each distinct score of a version once.
    lines = {version: _field_lines(field, expected, top, regulations)
             for version, field in fields.items() if version not in small}
    scored = []
    for result in board.results:
        score = result.score_ns
        if (score is not None and result.fouled not in small and not result.arrowswitch
                and result.mp_override is None):
            scored.append(compared_result(result, score, lines[result.fouled][score]))
            continue
        if result.fouled in small and result.is_real:
            ns_pct, ew_pct = awards[id(result)]
            line = _artificial(result, ns_pct, ew_pct, top, regulations,
                               ns_rule=_FAULT_RULE[result.fault_ns],
                               ew_rule=_FAULT_RULE[result.fault_ew])
        else:
            line = _score(result, fields.get(result.fouled, []), expected, top, regulations,
                          lines=lines.get(result.fouled, {}))
        scored.append(line)
    return ScoredBoard(board.board, top, tuple(scored), section)


def _groups(results: Sequence[TravellerResult]) -> dict[int, list[int]]:
    """Real scores by version of the board: the board as dealt (0) and each fouled version."""
    groups: dict[int, list[int]] = {}
    for result in results:
        if result.score_ns is not None:
            groups.setdefault(result.fouled, []).append(result.score_ns)
    return groups


def _small_groups(
    groups: dict[int, list[int]], expected: int, regulations: Regulations
) -> set[int]:
    """Versions played too few times to matchpoint; they get the fixed fouled-board awards."""
    if len(groups) < 2:
        return set()
    sizes = len(regulations.fouled_small_group_percent)
    small = set()
    for version, scores in groups.items():
        count = len(scores)
        if count > min(regulations.fouled_small_group_max, sizes):
            continue
        if regulations.fouled_small_group_third_of_field and 3 * count > expected:
            continue
        small.add(version)
    return small


def _small_group_awards(
    results: Sequence[TravellerResult], small: set[int], regulations: Regulations
) -> dict[int, tuple[float, float]]:
    """Fixed percentages for each result of a small fouled group, ties sharing, by fault."""
    awards: dict[int, tuple[float, float]] = {}
    for version in small:
        members = sorted(
            (result for result in results if result.is_real and result.fouled == version),
            key=lambda result: -(result.score_ns or 0),
        )
        percents = regulations.fouled_small_group_percent[len(members) - 1]
        for result in members:
            # Tied scores share the percentages of the places they occupy.
            places = [i for i, other in enumerate(members) if other.score_ns == result.score_ns]
            share = sum(percents[i] for i in places) / len(places)
            awards[id(result)] = (
                share + regulations.fouled_adjustment(result.fault_ns),
                100 - share + regulations.fouled_adjustment(result.fault_ew),
            )
    return awards


def _score(
    result: TravellerResult,
    field: list[int],
    expected: int,
    top: float,
    regulations: Regulations,
    *,
    lines: dict[int, Line],
) -> ScoredResult:
    if result.artificial is not None:
        ns_pct = award_percent(result.artificial.ns, regulations)
        ew_pct = award_percent(result.artificial.ew, regulations)
        return _artificial(result, ns_pct, ew_pct, top, regulations,
                           ns_rule=_rule(ns_pct, regulations), ew_rule=_rule(ew_pct, regulations))
    mp_ns: float | None = None
    mp_ew: float | None = None
    if result.score_ns is not None:
        mp_ns, mp_ew, _pct_ns, _pct_ew = lines[result.score_ns]
    elif result.weighted or result.split is not None:
        ns, ew = _assigned(result, field, expected, regulations)
        mp_ns = round_matchpoints(ns, top, regulations)
        mp_ew = round_matchpoints(ew, top, regulations)
    if mp_ns is not None and result.arrowswitch:
        # The pairs sat the wrong way: each joins the other field for this board.
        mp_ns, mp_ew = mp_ew, mp_ns
    if result.mp_override is not None:
        mp_ns, mp_ew = result.mp_override
    return ScoredResult(
        result, result.score_ns, mp_ns, mp_ew,
        None if mp_ns is None else percentage(mp_ns, top, regulations),
        None if mp_ew is None else percentage(mp_ew, top, regulations),
    )


def _assigned(
    result: TravellerResult, field: list[int], expected: int, regulations: Regulations
) -> tuple[float, float]:
    """Unrounded matchpoints of a weighted or split score, compared with the whole field."""
    if result.weighted:
        mp_ns = mp_ew = 0.0
        for outcome in result.weighted:
            ns, ew = _against(field, outcome.score_ns, len(field) + 1, expected, regulations)
            mp_ns += ns * outcome.weight / 100
            mp_ew += ew * outcome.weight / 100
        return mp_ns, mp_ew
    assert result.split is not None
    return (_against(field, result.split[0], len(field) + 1, expected, regulations)[0],
            _against(field, result.split[1], len(field) + 1, expected, regulations)[1])


def _field_lines(
    field: list[int], expected: int, top: float, regulations: Regulations
) -> dict[int, Line]:
    """Each distinct score of a sorted field: NS and EW matchpoints and percentages."""
    known = _PLACES.get(regulations)
    if known is None or len(known) > _PLACES_KEPT:
        if len(_PLACES) >= _REGULATIONS_KEPT:
            _PLACES.clear()
        known = _PLACES[regulations] = {}
    lines = {}
    actual = len(field)
    beaten = 0
    while beaten < actual:
        score = field[beaten]
        end = bisect_right(field, score, beaten)
        # The result is itself in the field: it ties with itself, which does not count.
        place = (beaten, end - beaten - 1, actual, expected, top)
        line = known.get(place)
        if line is None:
            line = known[place] = _line(place, regulations)
        lines[score] = line
        beaten = end
    return lines


def _line(place: Place, regulations: Regulations) -> Line:
    beaten, tied, actual, expected, top = place
    mp_ns, mp_ew = _matchpoints(beaten, tied, actual, expected, regulations)
    mp_ns = round_matchpoints(mp_ns, top, regulations)
    mp_ew = round_matchpoints(mp_ew, top, regulations)
    return (mp_ns, mp_ew, percentage(mp_ns, top, regulations),
            percentage(mp_ew, top, regulations))


def _against(
    field: list[int], score: int, actual: int, expected: int, regulations: Regulations
) -> tuple[float, float]:
    """NS and EW matchpoints of `score` against the sorted field, factored to `expected`."""
    beaten, tied = beaten_and_tied(field, score)
    return _matchpoints(beaten, tied, actual, expected, regulations)


def _matchpoints(
    beaten: int, tied: int, actual: int, expected: int, regulations: Regulations
) -> tuple[float, float]:
    """NS and EW matchpoints for beating and tying so many of `actual` results (this one
    included), factored to `expected`."""
    tie = unit(regulations)
    raw_ns = 2 * tie * beaten + tie * tied
    raw_ew = 2 * tie * (actual - 1) - raw_ns
    return (factored(raw_ns, actual, expected, regulations),
            factored(raw_ew, actual, expected, regulations))


def _artificial(
    result: TravellerResult,
    ns_pct: float,
    ew_pct: float,
    top: float,
    regulations: Regulations,
    *,
    ns_rule: SessionRule,
    ew_rule: SessionRule,
) -> ScoredResult:
    """A side scored as a percentage of the full top rather than compared at the table."""
    mp_ns, mp_ew = ns_pct * top / 100, ew_pct * top / 100
    if result.arrowswitch:
        mp_ns, mp_ew, ns_pct, ew_pct = mp_ew, mp_ns, ew_pct, ns_pct
        ns_rule, ew_rule = ew_rule, ns_rule
    if result.mp_override is not None:
        mp_ns, mp_ew = result.mp_override
        return ScoredResult(result, result.score_ns, mp_ns, mp_ew,
                            percentage(mp_ns, top, regulations),
                            percentage(mp_ew, top, regulations))
    return ScoredResult(
        result, result.score_ns, round_matchpoints(mp_ns, top, regulations),
        round_matchpoints(mp_ew, top, regulations),
        round(ns_pct, regulations.pct_decimals), round(ew_pct, regulations.pct_decimals),
        ns_award=ns_pct, ew_award=ew_pct, ns_rule=ns_rule, ew_rule=ew_rule,
    )


def _rule(percent: float, regulations: Regulations) -> SessionRule:
    if percent > regulations.average_percent:
        return SessionRule.NON_OFFENDER
    if percent < regulations.average_percent:
        return SessionRule.OFFENDER
    return SessionRule.NONE
