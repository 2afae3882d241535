"""Benchmark: the Swiss draw for big fields, in its one-pass case and its matching case, and
a congress night's draws (120 pairs; 121 teams with a Troika).

Not a timed test; `run()` returns the figures for `basestation swiss-bench` and `bench`.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import pairwise

from basestation.scoring.swiss import seeded_first_rounds, swiss_draw
from basestation.scoring.troika import troika_draw

FIELDS = (100, 120, 128, 200)
CONGRESS = 120  # pairs in a congress Swiss pairs field; one team more plays a Troika


def _typical(entrants: int, rounds: int, rng: random.Random) -> set[frozenset[int]]:
    """The meetings of `rounds` Swiss rounds drawn on shuffled rankings."""
    field = list(range(1, entrants + 1))
    played: set[frozenset[int]] = set()
    for _ in range(rounds):
        played |= {frozenset(p) for p in swiss_draw(rng.sample(field, entrants), played)}
    return played


def _stranding(entrants: int) -> set[frozenset[int]]:
    """Everyone has met the three below except the next one; the last two have met too, so
    the walk down the ranking fails on its final pair and the matching must rearrange."""
    ranked = list(range(1, entrants + 1))
    played = {frozenset((a, b)) for a in ranked for b in ranked if 0 < b - a <= 3}
    played -= {frozenset(p) for p in pairwise(ranked)}
    played.add(frozenset((entrants - 1, entrants)))
    return played


def _top_must_change(entrants: int) -> set[frozenset[int]]:
    """The last entrant has met everyone but the top one, so the walk down strands it and
    only undoing every match (the whole field matched) gives a draw without repeats."""
    return {frozenset((entrants, other)) for other in range(2, entrants)}


def _median_ms(entrants: int, played: set[frozenset[int]], ranked: list[int],
               runs: int) -> float:
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        swiss_draw(ranked, played)
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def run(fields: tuple[int, ...] = FIELDS, runs: int = 3) -> dict[str, float]:
    """Per field size: a round-8 draw after 7 typical rounds, a draw whose last matches are
    redrawn by matching, and one that must redraw the whole field (milliseconds, median of
    `runs`), named like the other bench figures: swiss_draw_<entrants>_<case>_ms."""
    rng = random.Random(1)
    figures: dict[str, float] = {}
    for entrants in fields:
        field = list(range(1, entrants + 1))
        played = _typical(entrants, 7, rng)
        figures[f"swiss_draw_{entrants}_round8_ms"] = round(
            _median_ms(entrants, played, rng.sample(field, entrants), runs), 2)
        figures[f"swiss_draw_{entrants}_matching_ms"] = round(
            _median_ms(entrants, _stranding(entrants), field, runs), 2)
        figures[f"swiss_draw_{entrants}_whole_field_ms"] = round(
            _median_ms(entrants, _top_must_change(entrants), field, runs), 2)
    return figures


def _slowest_ms(timings: list[float]) -> float:
    return round(max(timings) * 1000, 2)


def congress(rounds: int = 8, seed: int = 1) -> dict[str, float]:
    """A congress night drawn round by round on random standings: `swiss_draw_120_ms`, the
    slowest draw of rounds 3 to `rounds` for 120 pairs, and `troika_draw_121_ms`, the
    slowest Troika round's draw (the Troika and the others' matches together) for 121
    teams (milliseconds)."""
    rng = random.Random(seed)
    field = list(range(1, CONGRESS + 1))
    first, second = seeded_first_rounds(CONGRESS)
    played = {frozenset(p) for p in first + second}
    even = []
    for _ in range(3, rounds + 1):
        started = time.perf_counter()
        draw = swiss_draw(rng.sample(field, CONGRESS), played)
        even.append(time.perf_counter() - started)
        played |= {frozenset(p) for p in draw}
    teams = [*field, CONGRESS + 1]
    played = {frozenset(p) for p in first + second}
    first_troika = [*field[-2:], CONGRESS + 1]
    played |= {frozenset((a, b)) for a in first_troika for b in first_troika if a != b}
    odd = []
    for round_ in range(3, rounds + 1):
        ranked = rng.sample(teams, len(teams))
        if round_ % 2:
            started = time.perf_counter()
            troika, draw = troika_draw(ranked, played)
            odd.append(time.perf_counter() - started)
            played |= {frozenset((a, b)) for a in troika for b in troika if a != b}
        else:  # the Troika's second round: the others drawn as usual
            draw = swiss_draw([e for e in ranked if e not in troika], played)
        played |= {frozenset(p) for p in draw}
    return {f"swiss_draw_{CONGRESS}_ms": _slowest_ms(even),
            f"troika_draw_{CONGRESS + 1}_ms": _slowest_ms(odd)}
