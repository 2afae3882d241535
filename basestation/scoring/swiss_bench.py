"""Benchmark: the Swiss draw for big fields, in its one-pass case and its matching case.

Not a timed test; `run()` returns the figures for `basestation swiss-bench` and `bench`.
"""

from __future__ import annotations

import random
import statistics
import time
from itertools import pairwise

from basestation.scoring.swiss import swiss_draw

FIELDS = (100, 128, 200)


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
