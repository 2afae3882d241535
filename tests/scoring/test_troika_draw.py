"""The Swiss draw against an exhaustive search: an odd field (the Troika and the others'
matches, by the order documented in basestation/scoring/troika.py) and an even field."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from basestation.movements import SWISS_TEAMS, add_round, match_movement, troikas_of
from basestation.scoring.match_scoring import draw_with_troika
from basestation.scoring.swiss import swiss_draw
from basestation.scoring.troika import troika_draw

Pair = tuple[int, int]
Met = set[frozenset[int]]
Pairing = frozenset[frozenset[int]]  # one draw, its matches as sets (for set arithmetic)


def pairings(order: Sequence[int]) -> Iterator[list[Pair]]:
    """Every way to pair `order` (even), each pair higher-ranked first."""
    if not order:
        yield []
        return
    top, others = order[0], order[1:]
    for i, other in enumerate(others):
        for more in pairings(others[:i] + others[i + 1:]):
            yield [(top, other), *more]


def repeats(draw: Sequence[Pair], met: Met) -> int:
    return sum(frozenset(p) in met for p in draw)


def from_the_top(draw: Sequence[Pair], ranked: Sequence[int], met: Met) -> tuple[object, ...]:
    """Order 3: each pair from the top, a new opponent before a met one, then the nearest."""
    place = {e: i for i, e in enumerate(ranked)}
    ordered = sorted(((place[a], place[b]) if place[a] < place[b] else (place[b], place[a]))
                     for a, b in draw)
    return tuple((frozenset((ranked[i], ranked[j])) in met, j) for i, j in ordered)


def fewest_repeats(every: Sequence[Pairing], used: Met) -> int:
    """The fewest of `used` any pairing in `every` repeats (none is the least there is)."""
    fewest = len(every[0])
    for pairing in every:
        fewest = min(fewest, len(pairing & used))
        if not fewest:
            break
    return fewest


def odd_measure(troika: Sequence[int], draw: Sequence[Pair], ranked: Sequence[int],
                met: Met, every: list[Pairing] | None = None) -> tuple[object, ...]:
    """The documented order: repeats over both rounds, the Troika's places from the bottom,
    round r's matches from the top (smaller is better). `every`: each pairing of the rest."""
    rest = [e for e in ranked if e not in troika]
    if every is None:
        every = [frozenset(map(frozenset, d)) for d in pairings(rest)]
    used = met | {frozenset(p) for p in draw}
    second = fewest_repeats(every, used)
    inside = sum(frozenset(p) in met for p in combinations(troika, 2))
    place = {e: i for i, e in enumerate(ranked)}
    low = tuple(sorted(len(ranked) - 1 - place[e] for e in troika))
    return inside + repeats(draw, met) + second, low, from_the_top(draw, ranked, met)


def best_odd(ranked: Sequence[int], met: Met) -> tuple[object, ...]:
    """Every Troika, every draw of the rest, every draw of round r + 1: the best measure.
    A measure is never below (its repeats in round r, its Troika's places, its matches from
    the top), round r + 1 adding repeats only: a draw whose bound is no better than the best
    so far is passed without its round r + 1. The Troikas from the bottom come first, where
    the best usually is, so that the bound passes most of the rest."""
    best: tuple[object, ...] | None = None
    place = {e: i for i, e in enumerate(ranked)}
    for troika in combinations(ranked[::-1], 3):
        inside = sum(frozenset(p) in met for p in combinations(troika, 2))
        low = tuple(sorted(len(ranked) - 1 - place[e] for e in troika))
        if best is not None and (inside, low) > best[:2]:
            continue  # more repeats, or as many and a Troika placed higher, whatever the draw
        rest = [e for e in ranked if e not in troika]
        draws = list(pairings(rest))
        every = [frozenset(map(frozenset, d)) for d in draws]
        for draw in draws:
            bound = (inside + repeats(draw, met), low, from_the_top(draw, ranked, met))
            if best is not None and bound >= best:  # type: ignore[operator]
                continue
            measure = odd_measure(troika, draw, ranked, met, every)
            if best is None or measure < best:  # type: ignore[operator]
                best = measure
    assert best is not None
    return best


def random_history(entrants: int, rng: random.Random) -> tuple[list[int], Met]:
    """Some Troika rounds played at random, sometimes a few meetings more; a random ranking."""
    field = list(range(1, entrants + 1))
    met: Met = set()
    for _ in range(rng.randint(0, entrants)):
        shuffled = rng.sample(field, entrants)
        met |= {frozenset(p) for p in combinations(shuffled[:3], 2)}
        rest = shuffled[3:]
        met |= {frozenset(rest[i:i + 2]) for i in range(0, len(rest), 2)}
        if rng.random() < 0.3:
            met.add(frozenset(rng.sample(field, 2)))
    return rng.sample(field, entrants), met


@pytest.mark.parametrize(("entrants", "histories"), [(5, 300), (7, 300), (9, 200), (11, 50)])
def test_the_odd_draw_is_the_best_by_the_documented_order(entrants: int,
                                                         histories: int) -> None:
    rng = random.Random(entrants)
    for _ in range(histories):
        ranked, met = random_history(entrants, rng)
        troika, draw = troika_draw(ranked, met)
        assert sorted([*troika, *(e for p in draw for e in p)]) == sorted(ranked)
        assert list(troika) == sorted(troika, key=ranked.index)  # best-placed first
        assert odd_measure(troika, draw, ranked, met) == best_odd(ranked, met), (ranked, met)


def test_a_troika_that_forces_a_repeat_next_round_is_not_chosen() -> None:
    # 1..7 ranked in order. 5-6-7 have not met, but 1-2 and 3-4 have met each other's
    # partners so that 1, 2, 3, 4 can play only one round more without a repeat:
    # the bottom three would force a repeat in the Troika's second round.
    ranked = [1, 2, 3, 4, 5, 6, 7]
    met = {frozenset(p) for p in [(1, 2), (3, 4), (1, 3), (2, 4)]}
    troika, draw = troika_draw(ranked, met)
    assert odd_measure(troika, draw, ranked, met) == best_odd(ranked, met)
    assert odd_measure(troika, draw, ranked, met)[0] == 0
    assert troika != (5, 6, 7)


def test_the_leaders_are_not_put_in_the_troika() -> None:
    # Nobody has met: the bottom three play it, the rest top against next.
    ranked = [9, 4, 1, 7, 2, 6, 3, 5, 8]
    assert troika_draw(ranked, set()) == ((3, 5, 8), [(9, 4), (1, 7), (2, 6)])
    # The last two have met: the last plays it with the two above the next-to-last.
    troika, draw = troika_draw(ranked, {frozenset((5, 8))})
    assert troika == (6, 3, 8) and draw == [(9, 4), (1, 7), (2, 5)]


@pytest.mark.parametrize("entrants", [4, 6, 8, 10])
def test_the_even_draw_has_no_avoidable_repeat(entrants: int) -> None:
    rng = random.Random(100 + entrants)
    for _ in range(300):
        field = list(range(1, entrants + 1))
        met: Met = set()
        for _ in range(rng.randint(0, entrants)):
            shuffled = rng.sample(field, entrants)
            met |= {frozenset(shuffled[i:i + 2]) for i in range(0, entrants, 2)}
        ranked = rng.sample(field, entrants)
        draw = swiss_draw(ranked, met)
        every = [(repeats(d, met), d) for d in pairings(ranked)]  # each pairing counted once
        fewest = min(count for count, _ in every)
        assert repeats(draw, met) == fewest, (ranked, met)
        if fewest == 0:  # then top against the highest not yet met, as the seed's walk down
            best = min(from_the_top(d, ranked, met) for count, d in every if count == 0)
            assert from_the_top(draw, ranked, met) == best


def test_a_troika_drawn_in_round_3_sits_as_the_seeds_table() -> None:
    # club-directors-manual.txt, "Troika": round 1: 1 v 3 on A, 2 v 1 on B, 3 v 2 on C;
    # round 2: 1 v 2 on B, 2 v 3 on C, 3 v 1 on A (1, 2, 3: the Troika's teams best first).
    entrants = list(range(1, 8))
    first, troika_1 = draw_with_troika(entrants, 1, entrants, [], None)
    second, _ = draw_with_troika(entrants, 2, entrants, [first], troika_1)
    movement = match_movement(SWISS_TEAMS, [first, second], 2, total_rounds=4,
                              troikas={1: troika_1, 2: troika_1})
    history = [[*first, (5, 6), (6, 7), (5, 7)], second]
    ranked = [5, 6, 7, 1, 2, 3, 4]  # the first Troika now leads
    third, troika = draw_with_troika(entrants, 3, ranked, history, None)
    # 4 (last) has met 2 and 3; with 1 (met 2 and 3) and 7 it makes the lowest Troika.
    assert troika == (7, 1, 4) and third == [(5, 2), (6, 3)]
    movement = add_round(movement, third, 4, troika=troika)
    fourth, same = draw_with_troika(entrants, 4, ranked, [*history, third], troika)
    movement = add_round(movement, fourth, 4, troika=same)
    assert troikas_of(movement) == {1: troika_1, 2: troika_1, 3: troika, 4: troika}
    t1, t2, t3 = troika
    a, b = (5, 6), (7, 8)  # rounds 3 and 4's boards
    c = (11, 12)  # the second Troika's third set, after rounds 1-4 and the first one's
    layout = [(x.round, x.table - 4, x.ns, x.ew, x.boards) for r in (3, 4)
              for t in (5, 6, 7) if (x := movement.at(r, t)) is not None]
    assert layout == [(3, 1, t1, t3, a), (3, 2, t2, t1, b), (3, 3, t3, t2, c),
                      (4, 1, t1, t2, b), (4, 2, t2, t3, c), (4, 3, t3, t1, a)]
