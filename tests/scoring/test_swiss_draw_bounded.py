"""The Swiss draw at 100+ entrants and under histories built to strand the walk down."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings

from basestation.scoring.swiss import swiss_draw
from tests.scoring.helpers import swiss_fields


def _lex_first_fewest_repeats(
    ranked: list[int], played: set[frozenset[int]]
) -> list[tuple[int, int]]:
    """Exhaustive reference: fewest repeats, then the top as near as can be, then the next."""
    best: tuple[int, list[int], list[tuple[int, int]]] | None = None

    def search(free: list[int], draw: list[tuple[int, int]]) -> None:
        nonlocal best
        if not free:
            repeats = sum(frozenset(pair) in played for pair in draw)
            key = [ranked.index(b) for _, b in draw]
            if best is None or (repeats, key) < (best[0], best[1]):
                best = (repeats, key, list(draw))
            return
        top, rest = free[0], free[1:]
        for index, other in enumerate(rest):
            search(rest[:index] + rest[index + 1 :], [*draw, (top, other)])

    search(list(ranked), [])
    assert best is not None
    return best[2]


@settings(max_examples=200, deadline=None)
@given(swiss_fields(4, 4))
def test_bounded_draw_is_the_seeds_draw_found_by_exhaustive_search(
    case: tuple[list[int], set[tuple[int, int]]],
) -> None:
    # club-directors-manual.txt, "Swiss Teams": "The top team plays the second team (or the
    # highest-ranked team that it hasn't already played), third plays fourth, and so on."
    ranked, history = case
    played = {frozenset(pair) for pair in history}
    assert swiss_draw(ranked, played) == _lex_first_fewest_repeats(list(ranked), played)


def _fresh(draw: list[tuple[int, int]], played: set[frozenset[int]]) -> bool:
    return not {frozenset(pair) for pair in draw} & played


def test_120_entrants_over_ten_rounds_never_meet_twice() -> None:
    rng = random.Random(7)
    entrants = list(range(1, 121))
    played: set[frozenset[int]] = set()
    for _ in range(10):
        ranked = rng.sample(entrants, len(entrants))
        draw = swiss_draw(ranked, played)
        assert sorted(e for pair in draw for e in pair) == entrants
        assert _fresh(draw, played)
        played |= {frozenset(pair) for pair in draw}


def test_adversarial_history_strands_the_walk_down_at_every_step() -> None:
    # 128 entrants, ranked 1..128; each has met its next neighbours down the ranking except
    # one pattern, so the walk down pairs 1 v 2 ... and strands the last two: the matching
    # must rearrange the whole field, and still find a draw without repeats.
    n = 128
    ranked = list(range(1, n + 1))
    played = {frozenset((a, b)) for a in ranked for b in ranked if 0 < b - a <= 3}
    played -= {frozenset((a, b)) for a, b in pairwise(ranked)}  # neighbours still fresh
    played.add(frozenset((n - 1, n)))  # ... except the last two
    draw = swiss_draw(ranked, played)
    assert sorted(e for pair in draw for e in pair) == ranked
    assert _fresh(draw, played)
    # The top still plays as near as it can: 1 v 2 is fresh and a full fresh draw keeps it.
    assert draw[0] == (1, 2)


def test_a_field_that_has_met_almost_everyone_still_draws_with_fewest_repeats() -> None:
    # 102 entrants who have met everyone except a perfect matching of "last fresh" pairs
    # scattered across the ranking: the only repeat-free draw is that matching.
    n = 102
    rng = random.Random(3)
    ranked = list(range(1, n + 1))
    shuffled = rng.sample(ranked, n)
    fresh_pairs = {frozenset(shuffled[i : i + 2]) for i in range(0, n, 2)}
    played = {frozenset((a, b)) for a in ranked for b in ranked if a < b} - fresh_pairs
    draw = swiss_draw(ranked, played)
    assert {frozenset(pair) for pair in draw} == fresh_pairs


def test_the_top_pair_changes_when_only_that_frees_the_bottom() -> None:
    # 120 entrants; the last has met everyone but the top one. Walking down, 1 v 2 ... leaves
    # 120 stranded; undoing the matches doubles until the top pair is redrawn: 1 v 120, and
    # the rest pair down the ranking as the seed says.
    n = 120
    ranked = list(range(1, n + 1))
    played = {frozenset((n, other)) for other in range(2, n)}
    assert swiss_draw(ranked, played) == [(1, n), *[(a, a + 1) for a in range(2, n - 1, 2)]]
